// What the menu lists an article by when its feed gave it no title: the start of its text,
// as a reader would name it, rather than a bare URL. The page, the view's title search and
// the `search` command all list untitled articles through this, so each finds what it shows.
import NewsModel

enum ListedTitle {
    /// Characters of text kept: more than the widest title column shows.
    static let excerptCharacters = 300

    /// `stored` is the store's COALESCE(title, link, guid). `untitledHTML` is the text of an
    /// untitled article (its summary, else its content), nil for a titled one; markup-only
    /// or missing text leaves the link, else the id.
    static func listed(stored: String, untitledHTML: String?) -> String {
        guard let untitledHTML else { return stored }
        let excerpt = HTMLExcerpt.text(fromHTML: untitledHTML, enough: excerptCharacters)
        return excerpt.isEmpty ? stored : excerpt
    }
}
