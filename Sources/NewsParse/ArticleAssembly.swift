// Turns a finished item's fields into an Article, giving it an id that is never empty.
import NewsModel

enum ArticleAssembly {
    /// Moves the finished item's values into its Article, leaving `fields` to be reset for
    /// the next item (ask knownClean first: it reads the values' flags).
    static func article(taking fields: inout FieldCollector) -> Article {
        let title = fields.takeText(.title)
        let link = fields.takeText(.link)
        let summary = fields.takeText(.summary)
        let content = fields.takeText(.content)
        let id = fields.takeText(.id) ?? identifyingLink(link) ?? fallbackID(title: title, dateText: fields.firstDateText, body: summary ?? content)
        return Article(
            id: id, title: title, link: link, author: fields.takeText(.author) ?? fields.takeText(.sourceAuthor),
            published: fields.date(.published), updated: fields.date(.updated),
            summary: summary, content: content, categories: fields.takeCategories(), enclosures: fields.takeEnclosures(),
            image: fields.takeText(.image), duration: MediaDuration.seconds(fields.takeText(.duration)))
    }

    /// The article's fields whose text was found clean as it was read, which the cleaning
    /// then skips.
    static func knownClean(_ fields: FieldCollector) -> TextCleaner.KnownClean {
        var known: TextCleaner.KnownClean = []
        // The id is the .id field's text whenever there is one.
        if fields.isClean(.id) { known.insert(.id) }
        if fields.isClean(.title) { known.insert(.title) }
        if fields.isClean(.author) { known.insert(.author) }
        if fields.isClean(.summary) { known.insert(.summary) }
        if fields.isClean(.content) { known.insert(.content) }
        if fields.isClean(.link) { known.insert(.link) }
        if fields.categoriesAreClean { known.insert(.categories) }
        return known
    }

    /// The link as an id, for an item with no id of its own: only a web link names the
    /// page an item is about. A `javascript:void(0)` or `mailto:` link is often the same for
    /// every item of a feed, and as their ids would make them one article; such an item gets
    /// the fallback id, as it did when the parser dropped those links.
    static func identifyingLink(_ link: String?) -> String? {
        link.flatMap { LinkResolver.isWebLink($0) ? $0 : nil }
    }

    /// Built from what identifies an entry to a reader; the body only counts when there is
    /// neither a title nor a date, so that an edited text does not make a known entry new.
    /// The feed's URL is not part of it: the store keys articles by (feed, id) already, and a
    /// feed that moves (a redirect, http → https) must not make every id-less entry new.
    static func fallbackID(title: String?, dateText: String?, body: String?) -> String {
        var parts = [title ?? "", dateText ?? ""]
        if title == nil, dateText == nil { parts.append(body ?? "") }
        return StableID.fnv1a64(parts)
    }
}
