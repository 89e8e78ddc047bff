// The namespaces an element's prefix stands for when the document never declares it
// (`<dc:creator>` without `xmlns:dc`): libxml2 reports such an element with no namespace at
// all, and lenient readers read the well-known prefixes as feeds mean them.

enum UndeclaredPrefix {
    /// The namespace URI the elements of `prefix` are read in: the one `prefix`
    /// conventionally names, else one no vocabulary knows, so that `<foo:title>` is not
    /// taken for RSS's `<title>` (whose namespace is none).
    static func namespace(for prefix: String) -> String {
        conventionalNamespaces[prefix] ?? unknownNamespacePrefix + prefix
    }

    /// A warning for a document that uses `prefix` without declaring it.
    static func warning(for prefix: String) -> String {
        if let namespace = conventionalNamespaces[prefix] {
            return "namespace prefix \(prefix) is not declared: its elements were read as \(namespace)"
        }
        return "namespace prefix \(prefix) is not declared and not a well-known one: its elements were not read"
    }

    private static let unknownNamespacePrefix = "urn:newsmenu:undeclared-prefix:"

    /// The prefixes as feeds and the specifications write them. Those of vocabularies the
    /// field table does not read are here so that their elements are not read as RSS.
    private static let conventionalNamespaces: [String: String] = [
        "atom": Namespace.atom10,
        "content": Namespace.content,
        "dc": Namespace.dublinCore,
        "dcterms": Namespace.dublinCoreTerms,
        "itunes": Namespace.itunes,
        "media": Namespace.media,
        "rdf": Namespace.rdf,
        "sy": Namespace.syndication,
        "xhtml": Namespace.xhtml,
        "admin": "http://webns.net/mvcb/",
        "feedburner": "http://rssnamespace.org/feedburner/ext/1.0",
        "geo": "http://www.w3.org/2003/01/geo/wgs84_pos#",
        "georss": "http://www.georss.org/georss",
        "googleplay": "http://www.google.com/schemas/play-podcasts/1.0",
        "podcast": "https://podcastindex.org/namespace/1.0",
        "slash": "http://purl.org/rss/1.0/modules/slash/",
        "thr": "http://purl.org/syndication/thread/1.0",
        "wfw": "http://wellformedweb.org/CommentAPI/",
    ]
}
