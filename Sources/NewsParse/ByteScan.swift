// Word-at-a-time tests over UTF-8, so that the passes every text goes through (cleaning,
// JSON escaping) skip the bytes that need nothing eight at a time.
import Glibc

enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero in a byte's high bit where that byte of `word` equals `byte` (some other
    /// bits are set too: combine several with `|` and test them once with `any`).
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let spread = word ^ (ones &* UInt64(byte))
        return (spread &- ones) & ~spread
    }

    /// The same for bytes below `limit` (limit ≤ 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word
    }

    /// Whether any lane of a SIMD16 comparison is set: its sixteen bytes read as two words.
    /// (SIMDMask's own any() and all() were compiled here to a generic lane-by-lane min()
    /// and max(), some thirty times the cost of the compares themselves.)
    @inline(__always)
    static func anyLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Whether any byte was flagged by `equal` / `below`.
    @inline(__always)
    static func any(_ flags: UInt64) -> Bool { flags & highs != 0 }

    /// The index of the first byte from `start` for which `suspect` may be true, skipping
    /// whole words for which `wordIsClean` says none is; `bytes.count` when there is none.
    @inline(__always)
    static func firstSuspect(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        wordIsClean: (UInt64) -> Bool, suspect: (UInt8) -> Bool
    ) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        var index = start
        let count = bytes.count
        // Two words a round: half the loop's own compares and jumps on long clean text.
        while index + 16 <= count, wordIsClean(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)),
              wordIsClean(raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)) {
            index += 16
        }
        while index + 8 <= count, wordIsClean(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        while index < count, !suspect(base[index]) { index += 1 }
        return index
    }
}

extension ByteScan {
    /// The index of the first occurrence of `needle` at or after `start`, or nil. Only an
    /// occurrence starting before `limit` counts (bytes past it may complete one). Sixteen
    /// places a round are tested for the needle's first two bytes at once; a round where one
    /// matches compares the whole needle there.
    static func find(
        _ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int, startingBefore limit: Int = .max
    ) -> Int? {
        needle.withUnsafeBytes { needleBytes in
            guard !needle.isEmpty, let base = bytes.baseAddress, let needleBase = needleBytes.baseAddress else { return nil }
            return find(needleBase, count: needle.count, in: base, count: bytes.count, from: start, startingBefore: limit)
        }
    }

    private static func find(
        _ needle: UnsafeRawPointer, count needleCount: Int, in base: UnsafeRawPointer, count: Int, from start: Int,
        startingBefore limit: Int
    ) -> Int? {
        let candidatesEnd = min(limit, count - needleCount + 1)
        var index = start
        let matches = { (place: Int) in memcmp(base + place, needle, needleCount) == 0 }
        if needleCount >= 2 {
            let first = SIMD16<UInt8>(repeating: needle.load(as: UInt8.self))
            let second = SIMD16<UInt8>(repeating: needle.load(fromByteOffset: 1, as: UInt8.self))
            // Each round reads seventeen bytes: the sixteen places and the byte after the last.
            while index < candidatesEnd, count - index >= 17 {
                let here = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let next = base.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self)
                if anyLane((here .== first) .& (next .== second)) {
                    for place in index..<min(index + 16, candidatesEnd) where matches(place) { return place }
                }
                index += 16
            }
        }
        while index < candidatesEnd {
            if matches(index) { return index }
            index += 1
        }
        return nil
    }
}

extension ByteScan {
    /// How many bytes of `bytes` equal `byte`: memchr from one to the next (libc's is
    /// vectorised; counting eight at a time with a population count cost four instructions a
    /// byte, as x86-64's baseline has no popcnt instruction).
    static func count(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var index = 0
        while index < bytes.count, let found = memchr(base + index, Int32(byte), bytes.count - index) {
            count += 1
            index = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return count
    }
}

/// ASCII byte classes, shared by the date grammars, the URL scheme check and the XML sniffing.
enum ASCII {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
