// Fuzz target: text → TerminalText.sanitize, which every title, source and tab name passes
// through before it reaches the terminal, then DisplayWidth's cutting and padding as the
// renderer does them. The first byte picks the column limit and the ambiguous-width mode;
// the rest, read as UTF-8 (bad bytes become U+FFFD), is the text.
import FuzzSupport
import NewsRender

/// What no sanitised text may hold: every C0 and C1 control (tab and newline included: the
/// text is one line), DEL, the line and paragraph separators and the bidi embedding,
/// override and isolate controls.
func isForbiddenOnOneLine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    guard let selector = input.first else { return 0 }
    let limit = Int(selector & 0x7F)
    let ambiguousWide = selector & 0x80 != 0
    let text = String(decoding: UnsafeBufferPointer(rebasing: input.dropFirst()), as: UTF8.self)

    let clean = TerminalText.sanitize(text)
    if let bad = clean.unicodeScalars.first(where: isForbiddenOnOneLine) {
        require(false, "sanitised text holds U+\(String(bad.value, radix: 16, uppercase: true)): \(shown(clean))")
    }
    require(!clean.hasPrefix(" ") && !clean.hasSuffix(" ") && !clean.contains("  "),
            "sanitised text has a space too many: \(shown(clean))")
    require(TerminalText.sanitize(clean) == clean, "sanitising twice changes \(shown(clean))")
    require(clean.utf8.count <= text.utf8.count, "sanitising made \(shown(text)) longer")

    // The quick measure (scalar by scalar) must agree with the one by grapheme cluster.
    let width = DisplayWidth.width(of: clean, ambiguousWide: ambiguousWide)
    let clusterWidth = clean.reduce(0) { $0 + DisplayWidth.width(of: $1, ambiguousWide: ambiguousWide) }
    require(width == clusterWidth, "\(shown(clean)) measures \(width) columns but its clusters \(clusterWidth)")

    let cut = DisplayWidth.truncate(clean, toWidth: limit, ambiguousWide: ambiguousWide)
    let cutWidth = DisplayWidth.width(of: cut, ambiguousWide: ambiguousWide)
    require(cutWidth <= limit, "\(shown(clean)) cut to \(limit) columns is \(cutWidth) wide: \(shown(cut))")
    // Nothing is shown in no columns, so a limit of 0 cuts even text of no width.
    if width <= limit, limit > 0 { require(cut == clean, "\(shown(clean)) fits \(limit) columns but was cut") }
    let fitted = DisplayWidth.fit(clean, toWidth: limit, ambiguousWide: ambiguousWide)
    let fittedWidth = DisplayWidth.width(of: fitted, ambiguousWide: ambiguousWide)
    require(fittedWidth == limit, "\(shown(clean)) fitted to \(limit) columns is \(fittedWidth) wide: \(shown(fitted))")
    return 0
}

runLibFuzzer(fuzzOne)
