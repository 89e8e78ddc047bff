// A fast check that bytes are well-formed UTF-8 (RFC 3629), so that valid documents, almost
// all of them, reach libxml2 without a copy, and so that captured text, once checked here,
// becomes a String without Swift validating it a second time (at twice the cost).

enum UTF8Validation {
    /// What checking a field's text found: whether it is well-formed, and whether it is clean,
    /// holding none of the characters TextCleaner removes (so that the cleaning, which would
    /// read every byte again, can leave it alone).
    struct TextCheck {
        let isValid: Bool
        let isClean: Bool
    }

    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isValid(bytes.assumingMemoryBound(to: UInt8.self))
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(bytes, watchingUnwanted: false).isValid
    }

    /// The same pass, also looking for what TextCleaner removes: about half an instruction a
    /// byte more, against the three of a separate cleaning scan.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> TextCheck {
        scan(bytes, watchingUnwanted: true)
    }

    /// ASCII eight bytes at a time; the three-byte sequences of CJK text with one masked
    /// compare of four bytes; everything else byte by byte. E2 sequences take the byte path
    /// too: a few of them (bidi controls) are unwanted.
    @inline(__always)
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, watchingUnwanted: Bool) -> TextCheck {
        guard let base = bytes.baseAddress else { return TextCheck(isValid: true, isClean: true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var clean = true
        var index = 0
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                if watchingUnwanted, clean, TextCleaner.isUnwanted(ascii: lead) { clean = false }
                index += 1
                while index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    guard word & 0x8080_8080_8080_8080 == 0 else { break }
                    // A control or DEL in the word: looked at byte by byte above.
                    if watchingUnwanted, clean, ByteScan.any(ByteScan.below(word, 0x20) | ByteScan.equal(word, 0x7F)) { break }
                    index += 8
                }
                continue
            }
            // E1–EC and EE–EF but E2, followed by two continuation bytes: 1110xxxx 10xxxxxx
            // 10xxxxxx (E0 and ED have narrower second bytes and take the general path). Two
            // such sequences in one eight-byte load first: runs of CJK text are long.
            if index + 8 <= count, takesFastPath(lead) {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
                let nextLead = UInt8(truncatingIfNeeded: word >> 24)
                if word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0, takesFastPath(nextLead) {
                    index += 6
                    continue
                }
            }
            if index + 4 <= count, takesFastPath(lead),
               raw.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian & 0x00C0_C0F0 == 0x0080_80E0 {
                index += 3
                continue
            }
            guard let length = sequenceLength(base, at: index, count: count) else {
                return TextCheck(isValid: false, isClean: false)
            }
            if watchingUnwanted, clean, TextCleaner.isUnwantedStart(bytes, at: index) { clean = false }
            index += length
        }
        return TextCheck(isValid: true, isClean: clean)
    }

    /// A lead byte whose three-byte sequences need only the continuation-bit test.
    @inline(__always)
    private static func takesFastPath(_ lead: UInt8) -> Bool {
        lead != 0xE0 && lead != 0xED && lead != 0xE2
    }

    /// The length of the well-formed sequence starting at a non-ASCII `index`, or nil.
    private static func sequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch base[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard index + length <= count else { return nil }
        let second = base[index + 1]
        guard second >= lower, second <= upper else { return nil }
        var offset = 2
        while offset < length {
            guard base[index + offset] & 0xC0 == 0x80 else { return nil }
            offset += 1
        }
        return length
    }
}

enum UTF8Text {
    /// A String of `bytes`: copied without a second validation when they are well-formed
    /// (nearly always), else with each bad sequence replaced by U+FFFD as before.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard UTF8Validation.isValid(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        // Checked just above: the bytes are well-formed UTF-8.
        return String(copying: UTF8Span(unchecked: bytes.span))
    }

    /// The same, and whether the text is clean (UTF8Validation.TextCheck); repaired text
    /// counts as not known to be clean.
    static func checkedString(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, isClean: Bool) {
        let check = UTF8Validation.check(bytes)
        guard check.isValid else { return (String(decoding: bytes, as: UTF8.self), false) }
        // Checked just above: the bytes are well-formed UTF-8.
        return (String(copying: UTF8Span(unchecked: bytes.span)), check.isClean)
    }
}
