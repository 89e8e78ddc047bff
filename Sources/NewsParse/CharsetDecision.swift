// Settles a document's character encoding at the edge, in RFC 7303's order: BOM, then the
// HTTP charset, then the XML declaration (libxml2 converts with iconv), then UTF-8.

struct CharsetDecision {
    /// The bytes to parse: the input, or a lossy UTF-8 repair of it.
    let bytes: [UInt8]
    /// What to pass to libxml2 as the encoding; nil lets the BOM or declaration decide.
    let encoding: String?
    let warnings: [String]

    static func decide(bytes: [UInt8], charsetHint: String?) -> CharsetDecision {
        if ByteOrderMark(bytes) != nil {
            return CharsetDecision(bytes: bytes, encoding: nil, warnings: [])
        }
        var warnings: [String] = []
        var encoding: String?
        if let hint = charsetHint.map(cleanLabel), !hint.isEmpty {
            if EncodingHandler(named: hint) != nil {
                encoding = hint
            } else {
                warnings.append("unknown charset \"\(hint)\" from the HTTP header ignored")
            }
        }
        let effective = encoding ?? declaredEncoding(in: bytes) ?? "UTF-8"
        if isUTF8(effective), String(validating: bytes, as: UTF8.self) == nil {
            warnings.append("document is not valid UTF-8; invalid bytes were replaced with U+FFFD")
            return CharsetDecision(
                bytes: Array(String(decoding: bytes, as: UTF8.self).utf8), encoding: encoding, warnings: warnings)
        }
        return CharsetDecision(bytes: bytes, encoding: encoding, warnings: warnings)
    }

    /// `"Shift_JIS"` and ` shift_jis ` name the same charset.
    private static func cleanLabel(_ label: String) -> String {
        var text = Substring(Whitespace.trim(label))
        while let first = text.first, first == "\"" || first == "'" { text.removeFirst() }
        while let last = text.last, last == "\"" || last == "'" { text.removeLast() }
        return String(text)
    }

    private static func isUTF8(_ label: String) -> Bool {
        let lowered = label.lowercased()
        return lowered == "utf-8" || lowered == "utf8"
    }

    /// The `encoding="…"` of an `<?xml …?>` declaration at the very start.
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let close = head.range(of: "?>") else { return nil }
        let declaration = head[..<close.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let afterKey = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = afterKey.first, quote == "\"" || quote == "'" else { return nil }
        let value = afterKey.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
