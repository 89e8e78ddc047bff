// Settles a document's character encoding at the edge, in RFC 7303's order: BOM, then the
// HTTP charset, then the XML declaration, then UTF-8, and hands libxml2 UTF-8 whatever came in.

struct CharsetDecision {
    /// The document converted to UTF-8, without a BOM; nil when the input is meant to be
    /// UTF-8 already (use it as is, from `start`).
    let converted: [UInt8]?
    /// Where the UTF-8 starts in the input when `converted` is nil (after a UTF-8 BOM).
    let start: Int
    /// The charset the bytes were read in, as iconv names it.
    let charset: String
    let warnings: [String]

    static func decide(bytes: UnsafeRawBufferPointer, charsetHint: String?) -> CharsetDecision {
        var warnings: [String] = []
        var label: String?
        if let bom = ByteOrderMark(bytes) {
            label = bom.charset
        } else if let hint = charsetHint.map(cleanLabel), !hint.isEmpty {
            if IconvDecoder(charset: CharsetLabel.converterName(hint)) != nil {
                label = hint
            } else {
                warnings.append("unknown charset \"\(hint)\" from the HTTP header ignored")
            }
        }
        if label == nil, let unmarked = ByteOrderMark.unmarkedUTF16(bytes) {
            label = unmarked
        }
        if label == nil, let declared = declaredEncoding(in: bytes),
           !CharsetLabel.converterName(declared).hasPrefix("UTF-16") {
            // A declaration readable as ASCII cannot be right about UTF-16; it is ignored.
            if IconvDecoder(charset: CharsetLabel.converterName(declared)) != nil {
                label = declared
            } else {
                warnings.append("unknown charset \"\(declared)\" in the XML declaration; read as UTF-8")
            }
        }
        let converter = CharsetLabel.converterName(label ?? "UTF-8")
        let bomLength = ByteOrderMark(bytes)?.length ?? 0
        if converter == "UTF-8" {
            // Not validated here: libxml2 checks UTF-8 as it parses, and XMLFeedParser repairs
            // the document only when libxml2 finds a bad byte, so valid documents cost nothing.
            return CharsetDecision(converted: nil, start: bomLength, charset: converter, warnings: warnings)
        }
        guard let decoder = IconvDecoder(charset: converter) else {
            // Checked above; a label iconv refuses now is read as UTF-8 rather than dropped.
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            return CharsetDecision(converted: repaired, start: 0, charset: "UTF-8", warnings: warnings)
        }
        let result = decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[bomLength...]))
        if result.undecodable > 0 {
            warnings.append("\(result.undecodable) bytes could not be decoded as \(converter) and were replaced with U+FFFD")
        }
        return CharsetDecision(converted: result.bytes, start: 0, charset: converter, warnings: warnings)
    }

    /// `"Shift_JIS"` and ` shift_jis ` name the same charset.
    private static func cleanLabel(_ label: String) -> String {
        var text = Substring(Whitespace.trim(label))
        while let first = text.first, first == "\"" || first == "'" { text.removeFirst() }
        while let last = text.last, last == "\"" || last == "'" { text.removeLast() }
        return String(text)
    }

    /// The `encoding="…"` of an `<?xml …?>` declaration at the very start.
    /// Searched as bytes: Foundation's `range(of:)` cost some 30,000 instructions a document.
    static func declaredEncoding(in bytes: UnsafeRawBufferPointer) -> String? {
        let head = UnsafeRawBufferPointer(rebasing: bytes.prefix(200))
        guard head.starts(with: "<?xml".utf8), let close = ByteScan.find(Array("?>".utf8), in: head, from: 0) else { return nil }
        let declaration = UnsafeRawBufferPointer(rebasing: head[..<close])
        guard let key = ByteScan.find(Array("encoding".utf8), in: declaration, from: 0) else { return nil }
        let afterKey = Substring(decoding: declaration[(key + 8)...], as: UTF8.self)
            .drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = afterKey.first, quote == "\"" || quote == "'" else { return nil }
        let value = afterKey.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
