// Tells the subscription list formats `import` reads apart by their content (a file's name
// says nothing reliable: newsboat's is just `urls`), and reads the file in its format.
import Foundation

public enum SubscriptionFormat: Sendable, Equatable {
    case opml
    case newsboatURLs
    case sfeedrc
}

public enum SubscriptionListReader {
    /// What a message says the file should have been.
    public static let acceptedFormats = "OPML, a newsboat urls file (a feed URL a line, tags in double quotes) "
        + "or an sfeedrc (feed 'name' 'url' lines in feeds() { … })"

    public static func read(_ data: Data) throws(OPMLError) -> (format: SubscriptionFormat, document: OPMLDocument) {
        guard let format = detect(data) else {
            throw OPMLError(message: "not a subscription list newsmenu reads: it reads \(acceptedFormats)")
        }
        switch format {
        case .opml: return (format, try OPMLReader.read(data))
        case .newsboatURLs: return (format, NewsboatURLsReader.read(String(decoding: data, as: UTF8.self)))
        case .sfeedrc: return (format, SfeedrcReader.read(String(decoding: data, as: UTF8.self)))
        }
    }

    /// XML starts with `<` (after a byte order mark and blanks) or is UTF-16 (a zero byte near
    /// the start); an sfeedrc defines feeds(); a newsboat urls file's first line that is not a
    /// comment starts with a URL (a `feed:` one too) or one of newsboat's own feed kinds. Nil
    /// for anything else.
    static func detect(_ data: Data) -> SubscriptionFormat? {
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
        let bytes = data.starts(with: utf8BOM) ? data.dropFirst(3) : data[...]
        if bytes.prefix(4).contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .opml }
        if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") { return .opml }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if lines.contains(where: SfeedrcReader.startsFeedsFunction) { return .sfeedrc }
        let newsboatStarts = ["http://", "https://", "file://", "feed:", "query:", "exec:", "filter:"]
        if let first = lines.first?.drop(while: { $0 == "\"" }).lowercased(),
           newsboatStarts.contains(where: first.hasPrefix) {
            return .newsboatURLs
        }
        return nil
    }
}
