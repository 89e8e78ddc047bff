// The parser's entry point: bytes in, Feed out. Sniffs JSON Feed, settles the charset,
// and hands XML to the streaming reader. Pure: no I/O.
import Foundation
import NewsModel

public enum FeedParser {
    /// Parses one document. `documentURL` resolves relative links; `charsetHint` is the HTTP
    /// Content-Type charset, if any. Pure: no I/O.
    public static func parse(_ data: Data, documentURL: String?, charsetHint: String? = nil) throws(FeedParseError) -> Feed {
        let bytes = [UInt8](data)
        guard let bodyStart = firstSignificantByte(bytes) else { throw .empty }
        if bytes[bodyStart] == UInt8(ascii: "{") {
            return try JSONFeedParser.parse(Data(bytes[bodyStart...]), documentURL: documentURL)
        }
        let charset = CharsetDecision.decide(bytes: bytes, charsetHint: charsetHint)
        var feed = try XMLFeedParser.parse(charset.bytes, encoding: charset.encoding, documentURL: documentURL)
        feed.warnings = charset.warnings + feed.warnings
        return feed
    }

    /// The index of the first byte after any BOM and whitespace; nil when there is none.
    /// Under a UTF-16 BOM the zero halves of ASCII whitespace are whitespace too.
    private static func firstSignificantByte(_ bytes: [UInt8]) -> Int? {
        let bom = ByteOrderMark(bytes)
        let skipsZero = bom == .utf16BigEndian || bom == .utf16LittleEndian
        return bytes.indices.dropFirst(bom?.length ?? 0).first { index in
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: return false
            case 0x00: return !skipsZero
            default: return true
            }
        }
    }
}
