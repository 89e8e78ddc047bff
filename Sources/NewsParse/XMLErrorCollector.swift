// Gathers libxml2's errors for one parse, keeping libxml2's own message, line and column.
internal import CXML2

/// Used on the parsing thread only; lives as long as the parser that reports into it.
final class XMLErrorCollector {
    /// Past this many, only a count is kept: a binary file can produce thousands.
    private static let limit = 50

    private(set) var messages: [String] = []
    private(set) var firstFatal: String?
    /// Whether libxml2 reported any error that makes the document not well-formed.
    private(set) var sawError = false
    private var dropped = 0
    private var lastMessage: String?

    func record(_ error: xmlError) {
        let text = error.message.map { Whitespace.trim(String(cString: $0)) } ?? "unknown libxml2 error"
        let message: String
        if error.line > 0 {
            // libxml2 keeps the column in int2 for parser errors.
            message = error.int2 > 0 ? "line \(error.line), column \(error.int2): \(text)" : "line \(error.line): \(text)"
        } else {
            message = text
        }
        if error.level == XML_ERR_FATAL || error.level == XML_ERR_ERROR {
            sawError = true
            if firstFatal == nil { firstFatal = message }
        }
        // libxml2 in push mode may report an error again at the same place when a later chunk
        // makes it read on from there: a repeat is not another error, shown or counted.
        guard message != lastMessage else { return }
        lastMessage = message
        guard messages.count < XMLErrorCollector.limit else {
            dropped += 1
            return
        }
        messages.append(message)
    }

    var warnings: [String] {
        dropped > 0 ? messages + ["\(dropped) more XML errors not shown"] : messages
    }
}
