// The cheaper check of text libxml2 has already read: it only looks for what libxml2 lets
// through (overlong forms in CDATA) and what TextCleaner removes, not for every rule of UTF-8.

/// What is known of a field's bytes before they are checked.
enum TextProvenance {
    /// libxml2 read them and has reported nothing so far. Then they are well-formed UTF-8
    /// but for one gap: in push mode libxml2 2.9 checks CDATA with xmlCheckCdataPush, which
    /// takes overlong forms (`C0 AF`, `E0 81 BF`, `F0 80 81 BF`) without a word. Character
    /// data outside CDATA, attribute values and references go through its full check, and
    /// each complete sequence is handed over whole.
    case readByLibxml2
    /// Anything else. After a malformed byte libxml2 reports an error and reads the rest of
    /// the document as Latin-1, handing each byte over as it is.
    case unchecked
}

extension UTF8Validation {
    /// `check(bytes)`, for bytes of the given provenance: for text libxml2 read, the scan
    /// looks for the lead bytes of the overlong forms it lets through and of the characters
    /// TextCleaner removes, sixteen bytes a compare, and examines only the blocks holding one
    /// (about half the instructions of the full check).
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, _ provenance: TextProvenance) -> TextCheck {
        guard isTrusted(bytes, provenance) else { return check(bytes) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return TextCheck(isValid: true, isClean: true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        let lanes = SuspectLanes()
        var clean = true
        // Examines bytes `from` up to `to` one by one: false when it meets an overlong form.
        func examine(from start: Int, to end: Int) -> Bool {
            for index in start..<end {
                switch finding(bytes, at: index) {
                case .none: break
                case .unwanted: clean = false
                case .overlong: return false
                }
            }
            return true
        }
        guard count >= 16 else {
            return examine(from: 0, to: count) ? TextCheck(isValid: true, isClean: clean) : invalid
        }
        var index = 0
        // Thirty-two bytes a round while they last, then sixteen, then the last sixteen (which
        // may overlap bytes already passed; examining a byte twice finds the same).
        while count - index >= 32 {
            let first = lanes.suspects(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
            let second = lanes.suspects(raw.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self))
            if ByteScan.anyLane(first .| second), !examine(from: index, to: index + 32) { return invalid }
            index &+= 32
        }
        if count - index >= 16 {
            let block = lanes.suspects(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
            if ByteScan.anyLane(block), !examine(from: index, to: index + 16) { return invalid }
            index &+= 16
        }
        if index < count {
            let last = lanes.suspects(raw.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self))
            if ByteScan.anyLane(last), !examine(from: index, to: count) { return invalid }
        }
        return TextCheck(isValid: true, isClean: clean)
    }

    private static let invalid = TextCheck(isValid: false, isClean: false)

    /// Whether `bytes` may be taken as well-formed but for overlong forms: read by libxml2,
    /// and, as a defence at the edges where pieces are joined, neither starting with a
    /// continuation byte nor ending inside a sequence.
    static func isTrusted(_ bytes: UnsafeBufferPointer<UInt8>, _ provenance: TextProvenance) -> Bool {
        guard provenance == .readByLibxml2 else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return base[0] & 0xC0 != 0x80 && endsWithCompleteSequence(bytes)
    }

    /// Whether the bytes are well-formed, for bytes of the given provenance.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ provenance: TextProvenance) -> Bool {
        check(bytes, provenance).isValid
    }

    enum Finding {
        case none, unwanted, overlong
    }

    /// What starts at `index`, in bytes that are well-formed but for overlong forms (so that
    /// a lead byte can be told from a continuation byte by itself). TextShape asks it too.
    @inline(__always)
    static func finding(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Finding {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        switch bytes[index] {
        case 0xC0, 0xC1: return .overlong
        case 0xE0: return next < 0xA0 ? .overlong : .none
        case 0xF0: return next < 0x90 ? .overlong : .none
        default: return TextCleaner.isUnwantedStart(bytes, at: index) ? .unwanted : .none
        }
    }

    /// Whether the last sequence of `bytes` (not empty) has all its bytes.
    private static func endsWithCompleteSequence(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lead = bytes.count - 1
        while lead > 0, bytes.count - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let length = switch bytes[lead] {
        case 0x00...0x7F: 1
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        default: 4
        }
        return bytes.count - lead == length
    }

    /// The bytes worth a closer look: C0 controls but newline (tab is let through later),
    /// DEL, C0 and C1 (overlong two-byte leads), C2 (which leads the C1 controls), E0 and F0
    /// (which lead overlong forms), E2 (which leads the bidi controls). Kana, kanji, ASCII
    /// text, newlines and continuation bytes are none of them. Vectors made once per check,
    /// as in UTF8Validation's blocks.
    private struct SuspectLanes {
        let x0a = SIMD16<UInt8>(repeating: 0x0A), x1f = SIMD16<UInt8>(repeating: 0x1F)
        let x7f = SIMD16<UInt8>(repeating: 0x7F), xc1 = SIMD16<UInt8>(repeating: 0xC1)
        let xdd = SIMD16<UInt8>(repeating: 0xDD), xc0 = SIMD16<UInt8>(repeating: 0xC0)
        let xf0 = SIMD16<UInt8>(repeating: 0xF0)

        @inline(__always)
        func suspects(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            let control = (block .<= x1f) .& (block .!= x0a)
            // C0, C2, E0 and E2 are the bytes that are C0 under the mask 0xDD.
            let leads = ((block & xdd) .== xc0) .| (block .== xc1) .| (block .== xf0)
            return control .| (block .== x7f) .| leads
        }
    }
}
