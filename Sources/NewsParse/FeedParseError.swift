// Why a document gave no feed: the parser's one error type, with libxml2's own words.

public enum FeedParseError: Error, Equatable, CustomStringConvertible {
    /// Zero bytes, or only whitespace.
    case empty
    /// The document is not XML (nor JSON): libxml2's message, with its line when known.
    case notXML(String)
    /// Well enough formed, but its root element is not RSS, RDF or Atom.
    case notAFeed(rootElement: String)

    public var description: String {
        switch self {
        case .empty: return "the document is empty"
        case .notXML(let message): return "not XML: \(message)"
        case .notAFeed(let root): return "not a feed: the root element is <\(root)>"
        }
    }
}
