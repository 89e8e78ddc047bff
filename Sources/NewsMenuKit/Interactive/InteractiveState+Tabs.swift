// The config's tabs read again while the view is open (a hand edit, `newsmenu tab …`): the
// new list replaces the old one by name, so a tab that stays keeps its place in its list
// wherever it moved; a tab `newsmenu tab rename` renamed is the same stored tab and keeps
// its place too; a removed tab goes, a new one comes in the config's order.

extension InteractiveState {
    /// Replaces the tabs with `listed`: the config's visible tabs in its order, each with its
    /// counts, its stored id and, for a tab new to the view, the cursor saved for it. Returns,
    /// for each of them, the index of the tab it continues (nil: new to the view), for the
    /// loop's own notes kept by tab. `listed` is never empty: a config showing no tab is not
    /// taken.
    ///
    /// A shown tab that is gone gives way to the tab now in its place, after the nearest tab
    /// before it that remains: a tab put there (renamed by hand, which the store cannot tell
    /// from a new tab), else the next one; at the end, the one before. A search or question
    /// about it, or the reading of one of its articles, ends with it.
    mutating func replaceTabs(with listed: [InteractiveTab]) -> [Int?] {
        let continued = Self.continuations(of: listed, from: tabs)
        var replaced = listed
        for (index, old) in continued.enumerated() {
            if let old { replaced[index].cursor = tabs[old].cursor }
        }
        let shown: Int
        if let same = continued.firstIndex(of: current) {
            shown = same
        } else {
            let before = (0..<current).reversed().lazy.compactMap { continued.firstIndex(of: $0) }.first
            shown = min((before ?? -1) + 1, replaced.count - 1)
            switch mode {
            case .searching, .confirmingMarkRead, .reading, .choosingLink, .searchingArticle: mode = .browsing
            case .browsing, .help: break
            }
            readingUnderHelp = nil
            lastClicked = nil
        }
        tabs = replaced
        current = shown
        // Where the tabs were on screen: a click before the next frame lays them out again
        // must not pick the tab that is now at an old tab's place.
        layout.tabColumns = []
        for index in tabs.indices { tabs[index].cursor.clamp(total: tabs[index].total, rows: rows) }
        return continued
    }

    /// For each listed tab, the old tab of the same name, else the old tab stored under the
    /// same id whose name the list no longer has (a rename). Each old tab is continued once.
    private static func continuations(of listed: [InteractiveTab], from old: [InteractiveTab]) -> [Int?] {
        var oldByName: [String: Int] = [:]
        for (index, tab) in old.enumerated() where oldByName[tab.name] == nil { oldByName[tab.name] = index }
        let listedNames = Set(listed.map(\.name))
        var renamedByID: [Int64: Int] = [:]
        for (index, tab) in old.enumerated() where !listedNames.contains(tab.name) {
            if let id = tab.storedID { renamedByID[id] = index }
        }
        var taken = Set<Int>()
        return listed.map { tab in
            guard let index = oldByName[tab.name] ?? tab.storedID.flatMap({ renamedByID[$0] }),
                  taken.insert(index).inserted else { return nil }
            return index
        }
    }
}
