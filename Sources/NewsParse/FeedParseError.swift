// Why a document gave no feed: the parser's one error type, with libxml2's own words. The
// CLI prints "TARGET: \(error)", so each description reads as a complete sentence after it.

public enum FeedParseError: Error, Equatable, CustomStringConvertible {
    /// Zero bytes, or only whitespace.
    case empty
    /// The document is not XML (nor JSON): libxml2's message, with its line when known.
    case notXML(String)
    /// Well enough formed, but its root element is not RSS, RDF or Atom.
    case notAFeed(rootElement: String)
    /// A web page rather than a feed, with the feeds it advertises (absolute URLs, maybe none).
    case htmlPage(advertisedFeeds: [String])
    /// A JSON document that is not a JSON Feed; why not.
    case notJSONFeed(String)
    /// libxml2 could not be loaded, so no XML can be read: the loader's words.
    case libraryMissing(String)

    /// Cleaned like every stored text (TextCleaner): libxml2 quotes the document around an
    /// error ("Comment not terminated <!--…"), so a hostile feed could otherwise put escape
    /// sequences or bidi overrides into the message printed on the terminal (found by
    /// Fuzz/run: a C1 control from the document in a not-well-formed error).
    public var description: String {
        TextCleaner.clean(sentence)
    }

    private var sentence: String {
        switch self {
        case .empty: return "the document is empty."
        case .notXML(let message): return "not a feed, and not well-formed XML: \(message)."
        case .notAFeed(let root): return "not a feed: the root element is <\(root)>, not RSS, RDF or Atom."
        case .htmlPage(let feeds) where feeds.isEmpty:
            return "this is an HTML page, not a feed, and it advertises no feed."
        case .htmlPage(let feeds) where feeds.count == 1:
            return "this is an HTML page, not a feed; it advertises this feed: \(feeds[0])"
        case .htmlPage(let feeds):
            return "this is an HTML page, not a feed; it advertises these feeds: \(feeds.joined(separator: " "))"
        case .notJSONFeed(let reason): return "this JSON is not a JSON Feed: \(reason)."
        case .libraryMissing(let message): return message
        }
    }
}
