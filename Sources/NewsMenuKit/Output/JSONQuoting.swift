// A JSON string written straight into room reserved for it: each sixteen bytes are stored
// as they are scanned for a byte that needs an escape, so the scan and the copy are one pass.

enum JSONQuoting {
    /// The room `write` may use for `count` bytes of text: six bytes a byte at most
    /// (`\u001f`), two quotes, and sixteen that the last block's store may run past.
    @inline(__always)
    static func room(forQuoting count: Int) -> Int {
        // Wrapping: no String in memory comes near Int.max / 6 bytes.
        6 &* count &+ 18
    }

    /// Writes `text` quoted and escaped at `target`, which has `room(forQuoting:)` bytes;
    /// returns how many it wrote. Quotes, backslashes, C0 controls, the two JavaScript line
    /// separators (U+2028, U+2029) and the bidi embeddings, overrides and isolates are
    /// escaped: JSON read on a terminal must not drive it or reorder it. DEL and the C1
    /// controls are not looked for: this writes parsed feeds, whose text the parser has
    /// already rid of them, and a compare more for each block cost 0.3 instructions a
    /// parsed byte.
    @inline(__always)
    static func write(_ text: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Int {
        target[0] = 0x22
        var written = 1
        guard let source = text.baseAddress else {
            target[1] = 0x22
            return 2
        }
        let count = text.count
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        var index = 0
        while true {
            if count &- index >= 16 {
                let run = copyUnflagged(from + index, to: to + written, count: count &- index)
                index &+= run.count
                written &+= run.count
                if run.stoppedAtFlag {
                    let step = escape(source, at: index, count: count, to: target + written)
                    index &+= step.read
                    written &+= step.written
                    continue
                }
            }
            let rest = count - index
            guard rest > 0 else { break }
            // The last bytes through a block padded with bytes that need no escape: reading
            // sixteen from the text would run past its end.
            var padded = SIMD16<UInt8>(repeating: 0x41)
            withUnsafeMutablePointer(to: &padded) { copyShort(from + index, count: rest, to: UnsafeMutableRawPointer($0)) }
            to.storeBytes(of: padded, toByteOffset: written, as: SIMD16<UInt8>.self)
            let first = firstLane(flagsOf(padded))
            if first >= rest {
                written &+= rest
                break
            }
            index &+= first
            written &+= first
            let step = escape(source, at: index, count: count, to: target + written)
            index &+= step.read
            written &+= step.written
        }
        target[written] = 0x22
        return written + 1
    }

    /// Copies `source` to `target` sixteen bytes at a time up to the first byte that needs
    /// an escape (`stoppedAtFlag`) or until fewer than sixteen are left; `count` is how far
    /// it got (the stores may run up to sixteen bytes past it). Sixty-four bytes a round,
    /// with one test of the four blocks' flags. Out of line and without a call inside: with
    /// the escapes' call in the same loop the compiler reloaded the compare vectors every round.
    @inline(never)
    private static func copyUnflagged(
        _ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int
    ) -> (count: Int, stoppedAtFlag: Bool) {
        var index = 0
        while count &- index >= 64 {
            let first = source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let second = source.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self)
            let third = source.loadUnaligned(fromByteOffset: index &+ 32, as: SIMD16<UInt8>.self)
            let fourth = source.loadUnaligned(fromByteOffset: index &+ 48, as: SIMD16<UInt8>.self)
            target.storeBytes(of: first, toByteOffset: index, as: SIMD16<UInt8>.self)
            target.storeBytes(of: second, toByteOffset: index &+ 16, as: SIMD16<UInt8>.self)
            target.storeBytes(of: third, toByteOffset: index &+ 32, as: SIMD16<UInt8>.self)
            target.storeBytes(of: fourth, toByteOffset: index &+ 48, as: SIMD16<UInt8>.self)
            let firstFlags = flagsOf(first), secondFlags = flagsOf(second)
            let thirdFlags = flagsOf(third), fourthFlags = flagsOf(fourth)
            let any = (firstFlags | secondFlags) | (thirdFlags | fourthFlags)
            if any[0] | any[1] != 0 {
                let lane: Int
                if firstFlags[0] | firstFlags[1] != 0 {
                    lane = firstLane(firstFlags)
                } else if secondFlags[0] | secondFlags[1] != 0 {
                    lane = 16 &+ firstLane(secondFlags)
                } else if thirdFlags[0] | thirdFlags[1] != 0 {
                    lane = 32 &+ firstLane(thirdFlags)
                } else {
                    lane = 48 &+ firstLane(fourthFlags)
                }
                return (index &+ lane, true)
            }
            index &+= 64
        }
        while count &- index >= 16 {
            let block = source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            target.storeBytes(of: block, toByteOffset: index, as: SIMD16<UInt8>.self)
            let first = firstLane(flagsOf(block))
            if first < 16 { return (index &+ first, true) }
            index &+= 16
        }
        return (index, false)
    }

    /// Each lane of `block` that holds a control, `"`, `\` or 0xE2 (which starts U+2028–
    /// U+202E and U+2066–U+2069) as 0xFF, read as two words. The lane compares compile to SSE2.
    @inline(__always)
    private static func flagsOf(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        // Whole vectors made here: compares with a scalar were compiled lane by lane, and
        // static vectors cost a swift_once check per use.
        let backslashes = SIMD16<UInt8>(repeating: 0x5C), separatorLeads = SIMD16<UInt8>(repeating: 0xE2)
        // With bits 1 and 7 flipped and read as signed, controls become -128...-97, `"` -96,
        // and every other byte -95 or more: one compare for both (SSE2 has signed compares).
        let flipped = unsafeBitCast(block ^ SIMD16<UInt8>(repeating: 0x82), to: SIMD16<Int8>.self)
        let controlOrQuote = flipped .< SIMD16<Int8>(repeating: -95)
        let flagged = controlOrQuote .| (block .== backslashes) .| (block .== separatorLeads)
        // As words: SIMDMask's any() compiled to a lane-by-lane loop.
        return unsafeBitCast(flagged, to: SIMD2<UInt64>.self)
    }

    /// The first flagged lane of `flags`, 16 if there is none.
    @inline(__always)
    private static func firstLane(_ flags: SIMD2<UInt64>) -> Int {
        if flags[0] != 0 { return flags[0].trailingZeroBitCount &>> 3 }
        return flags[1] != 0 ? 8 &+ flags[1].trailingZeroBitCount &>> 3 : 16
    }

    /// Copies `count` (1 to 15) bytes in two overlapping loads and stores at most.
    @inline(__always)
    private static func copyShort(_ source: UnsafeRawPointer, count: Int, to target: UnsafeMutableRawPointer) {
        if count >= 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        } else {
            // One to three bytes: the first, the middle and the last cover them.
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: count >> 1, as: UInt8.self), toByteOffset: count >> 1, as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: count - 1, as: UInt8.self), toByteOffset: count - 1, as: UInt8.self)
        }
    }

    /// Writes what stands for the flagged byte at `index`: `\"`, `\\`, `\n`, `\r`, `\t`,
    /// `\u` and four lowercase hex digits, or the byte itself when an 0xE2 does not start a
    /// character to escape. Returns the bytes read and written. Out of line: escapes are rare.
    @inline(never)
    private static func escape(
        _ source: UnsafePointer<UInt8>, at index: Int, count: Int, to target: UnsafeMutablePointer<UInt8>
    ) -> (read: Int, written: Int) {
        let byte = source[index]
        var scalar = UInt32(byte)
        var read = 1
        if byte == 0xE2 {
            // U+2028–U+202E (E2 80 A8–AE), U+2066–U+2069 (E2 81 A6–A9); any other E2
            // sequence is copied.
            guard index + 2 < count else {
                target[0] = byte
                return (1, 1)
            }
            let second = source[index + 1], third = source[index + 2]
            guard (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) else {
                target[0] = byte
                return (1, 1)
            }
            scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            read = 3
        }
        target[0] = 0x5C
        switch scalar {
        case 0x22, 0x5C: target[1] = byte
        case 0x0A: target[1] = UInt8(ascii: "n")
        case 0x0D: target[1] = UInt8(ascii: "r")
        case 0x09: target[1] = UInt8(ascii: "t")
        default:
            target[1] = UInt8(ascii: "u")
            for position in 0..<4 {
                let nibble = UInt8(truncatingIfNeeded: scalar >> UInt32(12 - 4 * position)) & 0xF
                target[2 + position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return (read, 6)
        }
        return (read, 2)
    }
}
