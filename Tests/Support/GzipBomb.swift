// A gzip bomb made at test time: a valid gzip file whose one deflate block repeats a zero
// byte through matches of 258 bytes each, two bits per match. Each zero byte of compressed
// data is four matches, so 1 MB of gzip inflates to about 1 GB of zeros.
import Foundation

public enum GzipBomb {
    /// A gzip file of a little more than `compressedZeroBytes` bytes that inflates to
    /// `inflatedSize(compressedZeroBytes)` zero bytes, its CRC-32 and ISIZE trailer correct.
    public static func make(compressedZeroBytes: Int) -> Data {
        var (deflate, matches) = header()
        deflate.append(contentsOf: repeatElement(0, count: compressedZeroBytes))
        matches += compressedZeroBytes * 4
        var endOfBlock = BitWriter()
        endOfBlock.write(0b11, count: 2)
        deflate.append(contentsOf: endOfBlock.paddedBytes)
        let inflated = 1 + 258 * matches
        var file = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3])
        file.append(contentsOf: deflate)
        file.append(littleEndian: ZeroCRC32.of(count: inflated))
        file.append(littleEndian: UInt32(truncatingIfNeeded: inflated))
        return file
    }

    /// How many bytes `make(compressedZeroBytes:)` inflates to.
    public static func inflatedSize(_ compressedZeroBytes: Int) -> Int {
        1 + 258 * (header().matches + compressedZeroBytes * 4)
    }

    /// The deflate block up to the first whole byte of matches: its header, the literal
    /// zero, and the matches that reach a byte boundary (counted in `matches`).
    private static func header() -> (bytes: [UInt8], matches: Int) {
        var bits = BitWriter()
        // Last block, dynamic Huffman codes.
        bits.write(1, count: 1)
        bits.write(2, count: 2)
        // 286 literal/length codes (HLIT 29), 1 distance code (HDIST 0), all 19 code-length
        // codes (HCLEN 15; 18 would do, but 19 makes the header an even number of bits, so
        // two-bit matches can reach a byte boundary).
        bits.write(29, count: 5)
        bits.write(0, count: 5)
        bits.write(15, count: 4)
        // Code lengths of the code-length alphabet, in RFC 1951's order 16, 17, 18, 0, 8, 7,
        // 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15: symbol 18 gets one bit, 1 and 2 two.
        for length in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0] {
            bits.write(UInt32(length), count: 3)
        }
        // Canonical codes of that alphabet: 18 → 0, 1 → 10, 2 → 11. Huffman codes go into
        // the stream first bit first, so they are written bit-reversed.
        let lengthTwo: UInt32 = 0b11, lengthOne: UInt32 = 0b01, zerosRun: UInt32 = 0
        // Literal/length code lengths: literal 0 → 2, 1…255 → 0, end of block (256) → 2,
        // 257…284 → 0, length 258 (285) → 1. Then the one distance code (distance 1) → 1.
        bits.write(lengthTwo, count: 2)
        bits.write(zerosRun, count: 1); bits.write(138 - 11, count: 7)
        bits.write(zerosRun, count: 1); bits.write(117 - 11, count: 7)
        bits.write(lengthTwo, count: 2)
        bits.write(zerosRun, count: 1); bits.write(28 - 11, count: 7)
        bits.write(lengthOne, count: 2)
        bits.write(lengthOne, count: 2)
        // Canonical literal/length codes: 285 → 0, literal 0 → 10, 256 → 11; distance 1 → 0.
        // One match, "258 bytes at distance 1", is two zero bits.
        bits.write(0b01, count: 2)
        var matches = 0
        while !bits.isByteAligned {
            bits.write(0, count: 2)
            matches += 1
        }
        return (bits.bytes, matches)
    }
}

/// Deflate's bit order: values least significant bit first, filling each byte from its low end.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    var isByteAligned: Bool { pendingCount == 0 }

    /// The bytes with the last, partly written one padded with zero bits.
    var paddedBytes: [UInt8] {
        isByteAligned ? bytes : bytes + [UInt8(truncatingIfNeeded: pending)]
    }

    mutating func write(_ value: UInt32, count: Int) {
        pending |= value << UInt32(pendingCount)
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }
}

/// CRC-32 (gzip's) of `count` zero bytes without touching them: one zero byte is a linear
/// map of the CRC register over GF(2), so `count` of them is that map's `count`th power,
/// found by squaring.
private enum ZeroCRC32 {
    static func of(count: Int) -> UInt32 {
        // Columns: the image of each register bit under one zero byte.
        var step = (0..<32).map { bit in oneZeroByte(UInt32(1) << UInt32(bit)) }
        var register: UInt32 = 0xFFFF_FFFF
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { register = apply(step, to: register) }
            step = step.map { apply(step, to: $0) }
            remaining >>= 1
        }
        return ~register
    }

    private static func oneZeroByte(_ register: UInt32) -> UInt32 {
        var value = register
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }

    private static func apply(_ matrix: [UInt32], to vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<32 where vector & (UInt32(1) << UInt32(bit)) != 0 {
            result ^= matrix[bit]
        }
        return result
    }
}

private extension Data {
    mutating func append(littleEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
