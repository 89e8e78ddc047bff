// The namespace URIs the parser knows, and the vocabularies the field table is written in.

enum Namespace {
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    /// A few RSS 2.0 feeds put their elements in UserLand's namespace.
    static let userlandRSS2 = "http://backend.userland.com/rss2"
    static let atom10 = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let dublinCoreTerms = "http://purl.org/dc/terms/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let syndication = "http://purl.org/rss/1.0/modules/syndication/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let media = "http://search.yahoo.com/mrss/"
    /// Media RSS as some feeds write it, without the final slash.
    static let mediaWithoutSlash = "http://search.yahoo.com/mrss"
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xmlns = "http://www.w3.org/2000/xmlns/"
}

/// A family of namespaces whose elements mean the same thing: RSS 0.9x/2.0 (no namespace),
/// RSS 1.0 and RSS 0.90 all say `title` and `link`; Atom 0.3 and 1.0 both say `entry`.
enum Vocabulary: Hashable {
    case rss, atom, dublinCore, dublinCoreTerms, content, rdf, syndication, itunes, media

    init?(namespaceURI: String) {
        switch namespaceURI {
        case "", Namespace.rss10, Namespace.rss090, Namespace.userlandRSS2: self = .rss
        case Namespace.atom10, Namespace.atom03: self = .atom
        case Namespace.dublinCore: self = .dublinCore
        case Namespace.dublinCoreTerms: self = .dublinCoreTerms
        case Namespace.content: self = .content
        case Namespace.rdf: self = .rdf
        case Namespace.syndication: self = .syndication
        case Namespace.itunes: self = .itunes
        case Namespace.media, Namespace.mediaWithoutSlash: self = .media
        default: return nil
        }
    }
}

/// An element name as the field table knows it.
struct Term: Hashable {
    let vocabulary: Vocabulary
    let local: String

    init(_ vocabulary: Vocabulary, _ local: String) {
        self.vocabulary = vocabulary
        self.local = local
    }

    init?(_ name: XMLName) {
        guard let vocabulary = Vocabulary(namespaceURI: name.namespace) else { return nil }
        self.init(vocabulary, name.local)
    }
}
