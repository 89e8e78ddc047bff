// The parser's entry point: bytes in, Feed out. Sniffs JSON Feed, settles the charset,
// streams XML through libxml2's SAX parser and cleans every text field. Pure: no I/O.
import Foundation
import NewsModel

public enum FeedParser {
    /// Parses one document. `documentURL` resolves relative links; `charsetHint` is the HTTP
    /// Content-Type charset, if any; `observer` hears of a large document's halves as they
    /// are read (SplitReadObserver). Pure: no I/O.
    public static func parse(
        _ data: Data, documentURL: String?, charsetHint: String? = nil, observer: (any SplitReadObserver)? = nil
    ) throws(FeedParseError) -> Feed {
        let heldBackJoin = observer.map(HeldBackJoin.init)
        // withUnsafeBytes only rethrows untyped errors; a Result carries the typed one out.
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(FeedParseError) in
                var feed = try parse(bytes, documentURL: documentURL, charsetHint: charsetHint, observer: heldBackJoin)
                // Once per document, whatever its format, and after a split reading's halves
                // are joined: items sharing an id may sit in both, and the feed's author may
                // follow the entries that inherit it.
                let authorsInherited = FeedAuthorInheritance.apply(to: &feed)
                let idsChanged = DistinctArticleIDs.apply(to: &feed)
                if !authorsInherited, !idsChanged { heldBackJoin?.announceJoin() }
                feed.warnings = capped(feed.warnings)
                return feed
            }
        }
        return try result.get()
    }

    /// A broken feed can produce a warning per item; past this many only a count is kept.
    static let warningLimit = 50

    private static func capped(_ warnings: [String]) -> [String] {
        guard warnings.count > warningLimit else { return warnings }
        return Array(warnings.prefix(warningLimit)) + ["… and \(warnings.count - warningLimit) more warnings"]
    }

    /// The feed with every text field cleaned (TextCleaner).
    private static func parse(
        _ bytes: UnsafeRawBufferPointer, documentURL: String?, charsetHint: String?, observer: (any SplitReadObserver)?
    ) throws(FeedParseError) -> Feed {
        guard let bodyStart = firstSignificantByte(bytes) else { throw .empty }
        if bytes[bodyStart] == UInt8(ascii: "{") || bytes[bodyStart] == UInt8(ascii: "[") {
            // The feed is cleaned while it is the only reference to its articles, so that the
            // cleaning changes them in place instead of copying the whole array.
            var feed = try JSONFeedParser.parse(Data(bytes[bodyStart...]), documentURL: documentURL)
            TextCleaner.clean(&feed)
            return feed
        }
        // White space before the XML declaration (a stray line end from a site's template)
        // hides the declaration, and its encoding, from libxml2 and from the charset decision.
        let document = bodyStart > 0 && ByteOrderMark(bytes) == nil && bytes[bodyStart...].starts(with: "<?xml".utf8)
            ? UnsafeRawBufferPointer(rebasing: bytes[bodyStart...]) : bytes
        let charset = CharsetDecision.decide(bytes: document, charsetHint: charsetHint)
        var feed: Feed
        if let converted = charset.converted {
            feed = try converted.withUnsafeBytes { utf8 in
                Result { () throws(FeedParseError) in
                    try XMLFeedParser.parse(utf8, documentURL: documentURL, observer: observer)
                }
            }.get()
        } else {
            feed = try parseUTF8(UnsafeRawBufferPointer(rebasing: document[charset.start...]), documentURL: documentURL,
                                 observer: observer)
        }
        feed.warnings = charset.warnings + feed.warnings
        // The walker cleaned the articles as it finished them.
        TextCleaner.cleanFeedFields(&feed)
        return feed
    }

    /// An XML document read as UTF-8, each sequence that is not UTF-8 replaced with U+FFFD
    /// (and a warning) before libxml2 reads it. libxml2 would report the first such byte and
    /// read the rest of the document as Latin-1, and what it made of the document after that
    /// depended on where the chunks it was handed fell: the reader ends chunks at CDATA
    /// openers (SAXFeedReader.handOverCDATA). The check costs under an instruction a byte;
    /// the document it finds broken is read once instead of twice.
    private static func parseUTF8(
        _ bytes: UnsafeRawBufferPointer, documentURL: String?, observer: (any SplitReadObserver)?
    ) throws(FeedParseError) -> Feed {
        if UTF8Validation.isValid(bytes) {
            return try XMLFeedParser.parse(bytes, documentURL: documentURL, observer: observer)
        }
        let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
        var feed = try repaired.withUnsafeBytes { utf8 in
            Result { () throws(FeedParseError) in try XMLFeedParser.parse(utf8, documentURL: documentURL, observer: observer) }
        }.get()
        feed.warnings.insert("document is not valid UTF-8; invalid bytes were replaced with U+FFFD", at: 0)
        return feed
    }

    /// The index of the first byte after any BOM and whitespace; nil when there is none.
    /// Under a UTF-16 BOM the zero halves of ASCII whitespace are whitespace too.
    private static func firstSignificantByte(_ bytes: UnsafeRawBufferPointer) -> Int? {
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
