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

    /// Sixteen bytes at a time while they are ASCII and CJK (blocks); around what a block
    /// cannot take, ASCII eight bytes at a time, the three-byte sequences of CJK text two per
    /// masked compare of eight bytes, everything else byte by byte. E2 sequences take the
    /// byte path: a few of them (bidi controls) are unwanted.
    @inline(__always)
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, watchingUnwanted: Bool) -> TextCheck {
        guard let base = bytes.baseAddress else { return TextCheck(isValid: true, isClean: true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var clean = true
        var index = 0
        // Where the block that stopped the last run of blocks ends: the bytes before it go
        // the byte path, so that one control does not make every following position try
        // (and fail) a block again.
        var bytePathUntil = 0
        while index < count {
            if index >= bytePathUntil, index >= 2, count - index >= 16 {
                index = blocksEnd(raw, from: index, count: count, watchingUnwanted: watchingUnwanted && clean)
                bytePathUntil = index + 16
                guard index < count else { break }
            }
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
            // such sequences per eight-byte load, for as long as they last: runs of CJK text
            // are long, and staying in this loop skips the lead byte's tests above.
            var step = 0
            while index + step + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index + step, as: UInt64.self).littleEndian
                guard word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0,
                      takesFastPath(nibble: word) & takesFastPath(nibble: word &>> 24) != 0
                else { break }
                step += 6
            }
            if step > 0 {
                index += step
                continue
            }
            if index + 4 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
                if word & 0x00C0_C0F0 == 0x0080_80E0, takesFastPath(nibble: UInt64(word)) != 0 {
                    index += 3
                    continue
                }
            }
            guard let length = sequenceLength(base, at: index, count: count) else {
                return TextCheck(isValid: false, isClean: false)
            }
            if watchingUnwanted, clean, TextCleaner.isUnwantedStart(bytes, at: index) { clean = false }
            index += length
        }
        return TextCheck(isValid: true, isClean: clean)
    }

    /// Where a run of sixteen-byte blocks from `start` (a sequence boundary, at least two
    /// bytes in) ends, every byte before that checked: the next sequence boundary at or
    /// after `start`. A block passes when each byte is ASCII (printable, or any ASCII when
    /// not `watchingUnwanted`), a continuation byte, or a lead E1, E3–EC, EE, EF (whose
    /// three-byte sequences are well-formed with any two continuation bytes), and the
    /// continuation bytes are exactly those one or two places after a lead (read from the
    /// same bytes loaded one and two places earlier). Swift compiles these SIMD16 lane
    /// tests to SSE2 compares and masks, about two instructions a byte.
    @inline(__always)
    private static func blocksEnd(_ raw: UnsafeRawPointer, from start: Int, count: Int, watchingUnwanted: Bool) -> Int {
        var index = start
        let lanes = Lanes()
        while count - index >= 16 {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let oneBefore = raw.loadUnaligned(fromByteOffset: index - 1, as: SIMD16<UInt8>.self)
            let twoBefore = raw.loadUnaligned(fromByteOffset: index - 2, as: SIMD16<UInt8>.self)
            let continuation = (block & lanes.c0) .== lanes.x80
            let expected = ((oneBefore & lanes.f0) .== lanes.e0) .| ((twoBefore & lanes.f0) .== lanes.e0)
            let narrowLead = (block .== lanes.e0) .| (block .== lanes.e2) .| (block .== lanes.ed)
            let lead = ((block & lanes.f0) .== lanes.e0) .& .!narrowLead
            var ascii = block .< lanes.x80
            if watchingUnwanted { ascii = ascii .& .!((block .< lanes.x20) .| (block .== lanes.x7f)) }
            guard !ByteScan.anyLane(.!(ascii .| continuation .| lead) .| (continuation .^ expected)) else { break }
            index &+= 16
        }
        // A lead in the last two bytes passed is completed by bytes not checked yet: the
        // byte path starts from it.
        guard index > start else { return index }
        let last = raw.load(fromByteOffset: index - 1, as: UInt8.self)
        if last & 0xF0 == 0xE0 { return index - 1 }
        let secondLast = raw.load(fromByteOffset: index - 2, as: UInt8.self)
        if secondLast & 0xF0 == 0xE0 { return index - 2 }
        return index
    }

    /// The bytes blocksEnd compares with, as whole vectors: compares with a scalar
    /// (`block .== 0xE0`) were compiled lane by lane, and static vectors cost a swift_once
    /// check per use. Made once per run of blocks.
    private struct Lanes {
        let x20 = SIMD16<UInt8>(repeating: 0x20), x7f = SIMD16<UInt8>(repeating: 0x7F)
        let x80 = SIMD16<UInt8>(repeating: 0x80), c0 = SIMD16<UInt8>(repeating: 0xC0)
        let e0 = SIMD16<UInt8>(repeating: 0xE0), e2 = SIMD16<UInt8>(repeating: 0xE2)
        let ed = SIMD16<UInt8>(repeating: 0xED), f0 = SIMD16<UInt8>(repeating: 0xF0)
    }

    /// Nonzero when the low four bits of `word`, the low half of a lead byte already known
    /// to be 1110xxxx, name a lead whose three-byte sequences need only the continuation-bit
    /// test: E1, E3–EC, EE, EF (bits 1, 3–12, 14, 15 of 0xDFFA). One shift and one mask
    /// instead of three compares.
    @inline(__always)
    private static func takesFastPath(nibble word: UInt64) -> UInt64 {
        (0xDFFA as UInt64) &>> (word & 0xF) & 1
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
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ provenance: TextProvenance = .unchecked) -> String {
        guard UTF8Validation.isValid(bytes, provenance) else { return String(decoding: bytes, as: UTF8.self) }
        // Checked just above: the bytes are well-formed UTF-8.
        return String(copying: UTF8Span(unchecked: bytes.span))
    }

    /// The same, and whether the text is clean (UTF8Validation.TextCheck); repaired text
    /// counts as not known to be clean.
    static func checkedString(
        _ bytes: UnsafeBufferPointer<UInt8>, _ provenance: TextProvenance = .unchecked
    ) -> (text: String, isClean: Bool) {
        let check = UTF8Validation.check(bytes, provenance)
        guard check.isValid else { return (String(decoding: bytes, as: UTF8.self), false) }
        // Checked just above: the bytes are well-formed UTF-8.
        return (String(copying: UTF8Span(unchecked: bytes.span)), check.isClean)
    }
}
