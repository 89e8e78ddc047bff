// The one table that says which element feeds which field, how it is read, and which wins:
// for each field the lowest priority number seen wins, and among equals the first.

enum Field: Int, CaseIterable {
    case title, link, subtitle, summary, content, published, updated, author, id, language, image
    /// Syndication module and RSS `ttl`: how often the feed changes.
    case updatePeriod, updateFrequency, ttl
    /// iTunes `duration`, as written.
    case duration
    /// The author of the feed an Atom entry came from (its atom:source's), the entry's
    /// author when it names none of its own.
    case sourceAuthor
}

/// How an element's text or attributes become a value.
enum Reading: Equatable {
    /// Text, whitespace collapsed.
    case plainText
    /// RSS title: real tags stripped, entities not decoded a second time.
    case rssTitle
    /// Atom text construct: `type` text / html / xhtml decides how it becomes plain text.
    case atomText
    /// HTML as given (RSS description): plain text from the channel's description.
    case htmlAsPlainText
    /// RSS `author` / `managingEditor`: "mail@example.com (Name)" → "Name".
    case personName
    /// An id: trimmed, otherwise as written.
    case identifier
    /// HTML as given; stray child elements are kept as markup.
    case html
    /// Atom content construct: text is escaped, html kept, xhtml's inner markup taken.
    case atomContent
    /// A URL in the text, resolved against xml:base and the document URL.
    case link
    case date
    /// RSS guid: the id; unless isPermaLink="false", also a fallback link.
    case guid
    /// Repeatable text: RSS category, dc:subject.
    case category
    /// Attributes: rel alternate (or none) is the link, rel enclosure an enclosure.
    case atomLink
    /// Attribute `term`.
    case atomCategory
    /// Attributes `url`, `type`, `length`.
    case rssEnclosure
    /// Media RSS `media:content`: attributes `url`, `type`, `fileSize`, an enclosure.
    case mediaContent
    /// A URL in the named attribute (`itunes:image href`, `media:thumbnail url`).
    case attributeLink(LinkAttribute)
    /// Media RSS / iTunes text: plain unless `type="html"`; kept as HTML either way.
    case mediaText
    /// Holds the elements of nested rules (`author/name`, `image/url`).
    case container
    /// Nothing inside counts: atom:source in an RSS item describes another feed (in an Atom
    /// entry it is a scope of its own).
    case ignoredSubtree
}

/// The attribute an `attributeLink` rule reads.
enum LinkAttribute: Equatable {
    case href, url

    var name: StaticString {
        switch self {
        case .href: "href"
        case .url: "url"
        }
    }
}

/// Where a rule applies: directly in the channel (RSS channel, Atom feed), in an item or
/// entry, in RSS 1.0's `image`, which is a sibling of the channel, or in an Atom entry's
/// `source`, which describes the feed the entry came from and fills only that entry's fields.
enum Scope: Hashable {
    case channel, item, rdfImage, atomSource
}

/// A class so that handing a rule to a capture or an open element is one reference count,
/// not a copy of its strings. Immutable.
final class FieldRule: Sendable {
    let scope: Scope
    /// The element's parent when it is not a direct child of the scope element; that parent
    /// must itself have matched a rule (`author/name`, `media:group/media:content`).
    let parent: Term?
    let element: Term
    let reading: Reading
    let field: Field?
    let priority: Int

    init(scope: Scope, parent: Term?, element: Term, reading: Reading, field: Field?, priority: Int) {
        self.scope = scope
        self.parent = parent
        self.element = element
        self.reading = reading
        self.field = field
        self.priority = priority
    }
}

enum FieldTable {
    /// A permalink guid is a link only when the item has no better one.
    static let permalinkGuidPriority = 2
    /// A link that is not a web link (`javascript:`, `file:`, `mailto:`) is kept, to be shown
    /// and never opened, at its element's priority plus this: more than any link rule's, so
    /// that any web link the item or channel has, from whichever element, wins over it.
    static let nonWebLinkPenalty = 10

    /// The priority `link`, read by a rule of `priority` for the link field, is offered at.
    static func linkPriority(_ priority: Int, link: String) -> Int {
        LinkResolver.isWebLink(link) ? priority : priority + nonWebLinkPenalty
    }

    /// The priority a permalink guid is offered as the link at; nil when it is no web link:
    /// such a guid (`urn:uuid:…`, `tag:…`, nearly always without isPermaLink="false") is an
    /// id, not a page, so only the link elements can give an item a link of another scheme.
    static func permalinkGuidPriority(link: String) -> Int? {
        LinkResolver.isWebLink(link) ? permalinkGuidPriority : nil
    }
    /// RSS 1.0's `rdf:about` on an item is its id after any explicit one.
    static let rdfAboutPriority = 1
    /// `xml:lang` on the root names the language when no element does.
    static let xmlLangPriority = 2

    private static func rss(_ local: String) -> Term { Term(.rss, local) }
    private static func atom(_ local: String) -> Term { Term(.atom, local) }
    private static func dc(_ local: String) -> Term { Term(.dublinCore, local) }
    private static func itunes(_ local: String) -> Term { Term(.itunes, local) }
    private static func media(_ local: String) -> Term { Term(.media, local) }
    private static func sy(_ local: String) -> Term { Term(.syndication, local) }

    static let rules: [FieldRule] = [
        // Channel / feed.
        FieldRule(scope: .channel, parent: nil, element: rss("title"), reading: .rssTitle, field: .title, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("title"), reading: .atomText, field: .title, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: dc("title"), reading: .plainText, field: .title, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: rss("link"), reading: .link, field: .link, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("link"), reading: .atomLink, field: .link, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: rss("description"), reading: .htmlAsPlainText, field: .subtitle, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("subtitle"), reading: .atomText, field: .subtitle, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("tagline"), reading: .atomText, field: .subtitle, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: dc("description"), reading: .plainText, field: .subtitle, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: rss("language"), reading: .plainText, field: .language, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: dc("language"), reading: .plainText, field: .language, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: rss("lastBuildDate"), reading: .date, field: .updated, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("updated"), reading: .date, field: .updated, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("modified"), reading: .date, field: .updated, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: dc("date"), reading: .date, field: .updated, priority: 2),
        FieldRule(scope: .channel, parent: nil, element: Term(.dublinCoreTerms, "modified"), reading: .date, field: .updated, priority: 2),
        FieldRule(scope: .channel, parent: nil, element: rss("pubDate"), reading: .date, field: .updated, priority: 3),
        FieldRule(scope: .channel, parent: nil, element: rss("managingEditor"), reading: .personName, field: .author, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("author"), reading: .container, field: nil, priority: 0),
        FieldRule(scope: .channel, parent: atom("author"), element: atom("name"), reading: .plainText, field: .author, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: dc("creator"), reading: .plainText, field: .author, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: rss("image"), reading: .container, field: nil, priority: 0),
        FieldRule(scope: .channel, parent: rss("image"), element: rss("url"), reading: .link, field: .image, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: atom("logo"), reading: .link, field: .image, priority: 1),
        FieldRule(scope: .channel, parent: nil, element: atom("icon"), reading: .link, field: .image, priority: 2),
        FieldRule(scope: .channel, parent: nil, element: itunes("author"), reading: .plainText, field: .author, priority: 2),
        FieldRule(scope: .channel, parent: nil, element: itunes("image"), reading: .attributeLink(.href), field: .image, priority: 3),
        FieldRule(scope: .channel, parent: nil, element: media("thumbnail"), reading: .attributeLink(.url), field: .image, priority: 4),
        FieldRule(scope: .channel, parent: nil, element: itunes("subtitle"), reading: .plainText, field: .subtitle, priority: 2),
        FieldRule(scope: .channel, parent: nil, element: itunes("summary"), reading: .plainText, field: .subtitle, priority: 3),
        FieldRule(scope: .channel, parent: nil, element: sy("updatePeriod"), reading: .plainText, field: .updatePeriod, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: sy("updateFrequency"), reading: .plainText, field: .updateFrequency, priority: 0),
        FieldRule(scope: .channel, parent: nil, element: rss("ttl"), reading: .plainText, field: .ttl, priority: 0),
        FieldRule(scope: .rdfImage, parent: nil, element: rss("url"), reading: .link, field: .image, priority: 0),
        FieldRule(scope: .atomSource, parent: nil, element: atom("author"), reading: .container, field: nil, priority: 0),
        FieldRule(scope: .atomSource, parent: atom("author"), element: atom("name"), reading: .plainText, field: .sourceAuthor,
                  priority: 0),

        // Item / entry.
        FieldRule(scope: .item, parent: nil, element: rss("title"), reading: .rssTitle, field: .title, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("title"), reading: .atomText, field: .title, priority: 0),
        FieldRule(scope: .item, parent: nil, element: dc("title"), reading: .plainText, field: .title, priority: 1),
        FieldRule(scope: .item, parent: nil, element: rss("link"), reading: .link, field: .link, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("link"), reading: .atomLink, field: .link, priority: 1),
        FieldRule(scope: .item, parent: nil, element: rss("description"), reading: .html, field: .summary, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("summary"), reading: .atomContent, field: .summary, priority: 0),
        FieldRule(scope: .item, parent: nil, element: dc("description"), reading: .html, field: .summary, priority: 1),
        FieldRule(scope: .item, parent: nil, element: Term(.content, "encoded"), reading: .html, field: .content, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("content"), reading: .atomContent, field: .content, priority: 1),
        FieldRule(scope: .item, parent: nil, element: rss("pubDate"), reading: .date, field: .published, priority: 0),
        FieldRule(scope: .item, parent: nil, element: dc("date"), reading: .date, field: .published, priority: 1),
        FieldRule(scope: .item, parent: nil, element: atom("published"), reading: .date, field: .published, priority: 2),
        FieldRule(scope: .item, parent: nil, element: atom("issued"), reading: .date, field: .published, priority: 3),
        FieldRule(scope: .item, parent: nil, element: atom("created"), reading: .date, field: .published, priority: 4),
        FieldRule(scope: .item, parent: nil, element: atom("updated"), reading: .date, field: .updated, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("modified"), reading: .date, field: .updated, priority: 1),
        FieldRule(scope: .item, parent: nil, element: Term(.dublinCoreTerms, "modified"), reading: .date, field: .updated, priority: 2),
        FieldRule(scope: .item, parent: nil, element: rss("author"), reading: .personName, field: .author, priority: 0),
        FieldRule(scope: .item, parent: nil, element: dc("creator"), reading: .plainText, field: .author, priority: 1),
        FieldRule(scope: .item, parent: nil, element: atom("author"), reading: .container, field: nil, priority: 0),
        FieldRule(scope: .item, parent: atom("author"), element: atom("name"), reading: .plainText, field: .author, priority: 2),
        FieldRule(scope: .item, parent: nil, element: rss("guid"), reading: .guid, field: .id, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("id"), reading: .identifier, field: .id, priority: 0),
        FieldRule(scope: .item, parent: nil, element: rss("category"), reading: .category, field: nil, priority: 0),
        FieldRule(scope: .item, parent: nil, element: dc("subject"), reading: .category, field: nil, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("category"), reading: .atomCategory, field: nil, priority: 0),
        FieldRule(scope: .item, parent: nil, element: rss("enclosure"), reading: .rssEnclosure, field: nil, priority: 0),
        FieldRule(scope: .item, parent: nil, element: atom("source"), reading: .ignoredSubtree, field: nil, priority: 0),
        FieldRule(scope: .item, parent: nil, element: itunes("author"), reading: .plainText, field: .author, priority: 3),
        FieldRule(scope: .item, parent: nil, element: itunes("image"), reading: .attributeLink(.href), field: .image, priority: 0),
        FieldRule(scope: .item, parent: nil, element: itunes("duration"), reading: .plainText, field: .duration, priority: 0),
        FieldRule(scope: .item, parent: nil, element: itunes("summary"), reading: .mediaText, field: .summary, priority: 3),
        // Media RSS: media:content is an enclosure, alone or in a media:group; thumbnails,
        // titles and descriptions may sit in the item, the group or the content element.
        FieldRule(scope: .item, parent: nil, element: media("group"), reading: .container, field: nil, priority: 0),
    ] + mediaRules(parents: [nil, media("group"), media("content")])

    private static func mediaRules(parents: [Term?]) -> [FieldRule] {
        parents.flatMap { parent -> [FieldRule] in
            let depth = parent == nil ? 0 : 1
            var rules = [
                FieldRule(scope: .item, parent: parent, element: media("thumbnail"), reading: .attributeLink(.url),
                          field: .image, priority: 1 + depth),
                FieldRule(scope: .item, parent: parent, element: media("title"), reading: .plainText, field: .title, priority: 2),
                FieldRule(scope: .item, parent: parent, element: media("description"), reading: .mediaText,
                          field: .summary, priority: 2),
            ]
            if parent != media("content") {
                rules.append(FieldRule(scope: .item, parent: parent, element: media("content"), reading: .mediaContent,
                                       field: nil, priority: 0))
            }
            return rules
        }
    }

    /// Every rule for `element`, in table order (so the first of two equal keys wins). Asked
    /// once per distinct element name of a document, by ElementKind.
    static func rules(for element: Term) -> [FieldRule] {
        rules.filter { $0.element == element }
    }
}
