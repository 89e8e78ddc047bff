// Settles a document's character encoding at the edge, in RFC 7303's order: BOM, then the
// HTTP charset, then the XML declaration, then UTF-8, and hands libxml2 UTF-8 whatever came in.
// A label the bytes cannot be read in gives way to the next one they can: servers label
// everything with their default charset (ISO-8859-1, or UTF-8) whatever the files hold, and
// feeds declare Shift_JIS over bodies a CMS has long since turned into UTF-8.

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
        // A byte order mark is the bytes' own word, and the one label never second-guessed.
        if let bom = ByteOrderMark(bytes) {
            return CharsetReading(bom.charset, bytes, from: bom.length).decision(warnings: [])
        }
        var warnings: [String] = []
        var header: String?
        if let hint = charsetHint.map(cleanLabel), !hint.isEmpty {
            if IconvDecoder(charset: CharsetLabel.converterName(hint)) != nil {
                header = CharsetLabel.converterName(hint)
            } else {
                warnings.append("unknown charset \"\(hint)\" from the HTTP header ignored")
            }
        }
        if header == nil, let unmarked = ByteOrderMark.unmarkedUTF16(bytes) {
            return CharsetReading(unmarked, bytes, from: 0).decision(warnings: warnings)
        }
        var declared: String?
        if let label = declaredEncoding(in: bytes), !CharsetLabel.converterName(label).hasPrefix("UTF-16") {
            // A declaration readable as ASCII cannot be right about UTF-16; it is ignored.
            if IconvDecoder(charset: CharsetLabel.converterName(label)) != nil {
                declared = CharsetLabel.converterName(label)
            } else if header == nil {
                warnings.append("unknown charset \"\(label)\" in the XML declaration; read as UTF-8")
            }
        }
        return settle(bytes, header: header, declared: declared, warnings: warnings)
    }

    /// The first of the header's charset, the declared one and UTF-8 that reads the bytes
    /// without a byte to replace; the first of them when none does. The header's Windows-1252
    /// (what ISO-8859-1 and ASCII mean) reads any bytes, so a body that is UTF-8 is read as
    /// UTF-8 unless the declaration says Windows-1252 too: text in Windows-1252 whose bytes
    /// happen to form UTF-8 sequences throughout is not met in practice; UTF-8 served with
    /// a server's default Latin-1 label is.
    private static func settle(_ bytes: UnsafeRawBufferPointer, header: String?, declared: String?,
                               warnings: [String]) -> CharsetDecision {
        var candidates: [String] = []
        for label in [header, declared, "UTF-8"].compactMap({ $0 }) where !candidates.contains(label) {
            candidates.append(label)
        }
        let first = CharsetReading(candidates[0], bytes, from: 0)
        if candidates.count == 1 { return first.decision(warnings: warnings) }
        if first.isWhole(bytes) {
            // Windows-1252 turns every byte above ASCII into two or three of UTF-8.
            let latinWithNonASCII = first.charset == "CP1252" && header == "CP1252" && declared != "CP1252"
                && (first.converted?.count ?? 0) > bytes.count
            guard latinWithNonASCII, UTF8Validation.isValid(bytes) else { return first.decision(warnings: warnings) }
            return CharsetReading("UTF-8", bytes, from: 0)
                .decision(warnings: warnings + [mismatch(header: header, declared: declared, readAs: "UTF-8")])
        }
        for label in candidates.dropFirst() {
            let reading = CharsetReading(label, bytes, from: 0)
            if reading.isWhole(bytes) {
                return reading.decision(warnings: warnings + [mismatch(header: header, declared: declared, readAs: label)])
            }
        }
        return first.decision(warnings: warnings)
    }

    private static func mismatch(header: String?, declared: String?, readAs label: String) -> String {
        let said = [header.map { "the HTTP header's \($0)" }, declared.map { "the XML declaration's \($0)" }]
            .compactMap { $0 }.filter { !$0.hasSuffix(" \(label)") }
        return "the document is not in \(said.joined(separator: " or ")); read as \(label), which reads it whole"
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

/// The bytes read in one charset: UTF-8 where it stands, anything else converted.
private struct CharsetReading {
    let charset: String
    let start: Int
    /// The UTF-8 of a converted reading; nil for a UTF-8 one.
    let converted: [UInt8]?
    /// Input bytes a converted reading could not decode.
    let undecodable: Int

    init(_ label: String, _ bytes: UnsafeRawBufferPointer, from start: Int) {
        let input = UnsafeRawBufferPointer(rebasing: bytes[start...])
        let converter = CharsetLabel.converterName(label)
        if converter == "UTF-8" {
            // Not validated here: libxml2 checks UTF-8 as it parses, and FeedParser repairs
            // the document only when it finds a bad byte, so valid documents cost nothing.
            (charset, self.start, converted, undecodable) = (converter, start, nil, 0)
        } else if let decoder = IconvDecoder(charset: converter) {
            let result = decoder.decode(input)
            (charset, self.start, converted, undecodable) = (converter, 0, result.bytes, result.undecodable)
        } else {
            // Checked when the label was taken; one iconv refuses now is read as UTF-8 rather
            // than dropped.
            (charset, self.start, converted, undecodable) = ("UTF-8", 0, Array(String(decoding: input, as: UTF8.self).utf8), 0)
        }
    }

    /// Every byte read as a character: none replaced, or for UTF-8 every sequence well formed
    /// (checked only where another label competes with UTF-8).
    func isWhole(_ bytes: UnsafeRawBufferPointer) -> Bool {
        converted == nil ? UTF8Validation.isValid(UnsafeRawBufferPointer(rebasing: bytes[start...])) : undecodable == 0
    }

    func decision(warnings: [String]) -> CharsetDecision {
        var warnings = warnings
        if converted != nil, undecodable > 0 {
            warnings.append("\(undecodable) bytes could not be decoded as \(charset) and were replaced with U+FFFD")
        }
        return CharsetDecision(converted: converted, start: start, charset: charset, warnings: warnings)
    }
}
