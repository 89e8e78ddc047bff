// Gathers libxml2's errors for one parse, keeping libxml2's own message and line.
internal import CXML2

/// Used on the parsing thread only; lives as long as the reader that reports into it.
final class XMLErrorCollector {
    /// Past this many, only a count is kept: a binary file can produce thousands.
    private static let limit = 50

    private(set) var messages: [String] = []
    private(set) var firstFatal: String?
    private var dropped = 0

    func record(_ error: xmlError) {
        let text = error.message.map { Whitespace.trim(String(cString: $0)) } ?? "unknown libxml2 error"
        let message = error.line > 0 ? "line \(error.line): \(text)" : text
        if error.level == XML_ERR_FATAL, firstFatal == nil { firstFatal = message }
        guard messages.count < XMLErrorCollector.limit else {
            dropped += 1
            return
        }
        if messages.last != message { messages.append(message) }
    }

    var warnings: [String] {
        dropped > 0 ? messages + ["\(dropped) more XML errors not shown"] : messages
    }
}
