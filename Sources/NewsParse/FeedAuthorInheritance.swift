// Entries without an author of their own are by the feed's author, where the format says
// so: RFC 4287 §4.2.1 (and Atom 0.3) give an entry its atom:author, else its atom:source's
// (ArticleAssembly reads that one), else the feed's; JSON Feed gives an item without
// `authors` (1.0: `author`) the top-level ones. RSS says nothing of the kind.
import NewsModel

enum FeedAuthorInheritance {
    /// Gives the feed's author to each Atom entry or JSON Feed item that has none. Run on
    /// the whole document: an Atom feed's author may follow its entries. Returns whether it
    /// changed any entry.
    static func apply(to feed: inout Feed) -> Bool {
        guard [.atom10, .atom03, .jsonfeed].contains(feed.format), let author = feed.author else { return false }
        var changed = false
        for index in feed.articles.indices where feed.articles[index].author == nil {
            feed.articles[index].author = author
            changed = true
        }
        return changed
    }
}
