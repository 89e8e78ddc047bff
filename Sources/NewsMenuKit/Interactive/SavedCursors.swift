// Each tab's selection and scroll across runs (seed 003's cross-scroll, kept): the selected
// article by id, so that articles arriving meanwhile do not move it, and the screen row it
// was on, in the store's settings.
import NewsStore

enum SavedCursors {
    static func key(forTab name: String) -> String { "cursor:" + name }

    /// "ID ROW": the selected article's id and its row on screen.
    static func encode(articleID: Int64, row: Int) -> String { "\(articleID) \(row)" }

    static func decode(_ text: String) -> (articleID: Int64, row: Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let id = Int64(parts[0]), let row = Int(parts[1]), row >= 0 else { return nil }
        return (id, row)
    }

    /// The cursors saved for `tabs`, by tab index: the saved article's place in its tab
    /// now, on the row it was on (the first draw clamps both to the screen). A tab whose
    /// article is gone, or that has nothing saved, keeps the top of its list.
    static func restore(tabs: [String], from store: FeedStore) throws(StoreError) -> [Int: TabCursor] {
        var cursors: [Int: TabCursor] = [:]
        for (index, name) in tabs.enumerated() {
            guard let saved = try store.setting(key(forTab: name)).flatMap(decode),
                  let selection = try store.articleIndex(id: saved.articleID, inTab: name) else { continue }
            cursors[index] = TabCursor(selection: selection, offset: selection - saved.row)
        }
        return cursors
    }

    static func save(_ cursor: TabCursor, articleID: Int64, tab name: String, to store: FeedStore) throws(StoreError) {
        try store.setSetting(key(forTab: name), to: encode(articleID: articleID, row: cursor.selection - cursor.offset))
    }
}
