// One pass over a short field's bytes (a title, a category, a date, a name) that answers every
// question the walker asks of it: whether it is well-formed and clean, whether its whitespace
// needs collapsing, whether it holds markup. Each was a pass of its own over a String, with a
// call's overhead each: about 2,000 instructions for a 40-byte title.

struct TextShape {
    private(set) var isValid = true
    /// Holds none of the characters TextCleaner removes (meaningful when valid).
    private(set) var isClean = true
    /// Has whitespace other than single spaces between words (Whitespace.collapse).
    private(set) var needsCollapse = false
    /// Has a `<` or an `&`, so that a title may be HTML (RSSTitle).
    private(set) var hasMarkup = false

    /// The shape of `bytes`, of the given provenance.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ provenance: TextProvenance) {
        if !UTF8Validation.isTrusted(bytes, provenance) {
            let check = UTF8Validation.check(bytes)
            (isValid, isClean) = (check.isValid, check.isClean)
            guard isValid else { return }
        }
        var previousWasSpace = true
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Letters, digits and most punctuation, and the bytes of kana and kanji, first.
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&") {
                previousWasSpace = false
            } else if byte >= 0x80 {
                previousWasSpace = false
                // Where an overlong form, a no-break space or an unwanted character starts.
                if byte >= 0xC0, byte <= 0xC2 || byte == 0xE0 || byte == 0xE2 || byte == 0xF0 {
                    noteLead(bytes, at: index, previousWasSpace: &previousWasSpace)
                    if !isValid { return }
                }
            } else if byte == 0x20 {
                if previousWasSpace { needsCollapse = true }
                previousWasSpace = true
            } else {
                noteASCII(byte, previousWasSpace: &previousWasSpace)
            }
            index += 1
        }
        if previousWasSpace, count > 0 { needsCollapse = true }
        if !needsCollapse, Whitespace.hasIdeographicSpaceAtAnEnd(bytes) { needsCollapse = true }
    }

    private mutating func noteASCII(_ byte: UInt8, previousWasSpace: inout Bool) {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: "&"):
            hasMarkup = true
            previousWasSpace = false
        case 0x09, 0x0A, 0x0D, 0x0C:
            needsCollapse = true
            previousWasSpace = true
            if TextCleaner.isUnwanted(ascii: byte) { isClean = false }
        default:
            // The other C0 controls and DEL.
            isClean = false
            previousWasSpace = false
        }
    }

    /// A lead byte from C0: an overlong form (text libxml2 read holds no other ill-formed
    /// sequence), a no-break space (whitespace), or the start of an unwanted character.
    private mutating func noteLead(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, previousWasSpace: inout Bool) {
        if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
            needsCollapse = true
            previousWasSpace = true
            return
        }
        switch UTF8Validation.finding(bytes, at: index) {
        case .none: break
        case .unwanted: isClean = false
        case .overlong: (isValid, isClean) = (false, false)
        }
    }
}

extension FieldCapture {
    /// The text with its whitespace collapsed (Whitespace.collapse), and its shape, made in
    /// one pass and one String.
    func collapsedText(_ provenance: TextProvenance) -> (text: String, shape: TextShape) {
        withBytes { bytes in
            let shape = TextShape(bytes, provenance)
            guard shape.isValid else { return (Whitespace.collapse(String(decoding: bytes, as: UTF8.self)), shape) }
            return (shape.needsCollapse ? Whitespace.collapsed(bytes) : String(copying: UTF8Span(unchecked: bytes.span)), shape)
        }
    }
}
