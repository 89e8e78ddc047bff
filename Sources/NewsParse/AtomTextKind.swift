// How an Atom text or content construct holds its text: Atom 1.0's `type`, or Atom 0.3's
// MIME `type` with `mode`.

enum AtomTextKind {
    case text, html, xhtml
    /// base64 or a media type that is not text: nothing to show.
    case unsupported

    init(_ element: XMLElementStart) {
        let type = Whitespace.trim(element.attribute("type") ?? "").lowercased()
        let mode = Whitespace.trim(element.attribute("mode") ?? "").lowercased()
        if mode == "base64" {
            self = .unsupported
        } else if mode == "xml", type.contains("html") {
            self = .xhtml
        } else {
            switch type {
            case "", "text", "text/plain": self = .text
            case "html", "text/html": self = .html
            case "xhtml", "application/xhtml+xml": self = .xhtml
            default: self = type.hasPrefix("text/") ? .text : .unsupported
            }
        }
    }
}
