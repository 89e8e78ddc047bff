// The byte format of the config cache: values appended by ByteWriter and read back by
// ByteReader, whose every read checks the bounds and answers nil rather than trapping.
import Foundation
import NewsModel

/// Appends values as bytes: integers and doubles as 8 bytes little-endian, strings as
/// their UTF-8 length and bytes, an optional as a presence byte and the value.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func integer(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func count(_ value: Int) {
        integer(value)
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func string(_ value: String) {
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func raw(_ value: [UInt8]) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout ByteWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func color(_ value: TabColor?) {
        switch value {
        case nil:
            bytes.append(0)
        case .named(let named)?:
            bytes.append(1)
            string(named.rawValue)
        case .rgb(let red, let green, let blue)?:
            bytes.append(contentsOf: [2, red, green, blue])
        }
    }

    static func string(_ writer: inout ByteWriter, _ value: String) { writer.string(value) }
    static func double(_ writer: inout ByteWriter, _ value: Double) { writer.double(value) }
}

/// Reads what `ByteWriter` wrote; every read is nil past the end or on a malformed value.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ length: Int) -> ArraySlice<UInt8>? {
        guard length >= 0, length <= bytes.count - offset else { return nil }
        defer { offset += length }
        return bytes[offset..<offset + length]
    }

    private mutating func word() -> UInt64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
    }

    mutating func integer() -> Int? {
        word().map { Int(Int64(bitPattern: $0)) }
    }

    /// A length: never negative, never more than the bytes left (so no huge reservation).
    mutating func count() -> Int? {
        guard let value = integer(), value >= 0, value <= bytes.count - offset else { return nil }
        return value
    }

    mutating func double() -> Double? {
        word().map(Double.init(bitPattern:))
    }

    mutating func bool() -> Bool? {
        guard let byte = take(1)?.first, byte <= 1 else { return nil }
        return byte == 1
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { offset += length }
        // Decoding rather than validating: the bytes are this program's own writing, and
        // String(validating:) took 1,200 instructions a string, a config's worth of URLs.
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]), as: UTF8.self)
        }
    }

    /// Reads past `expected` if the bytes here are exactly it, unprefixed.
    mutating func skip(_ expected: [UInt8]) -> Bool {
        guard let slice = take(expected.count) else { return false }
        return slice.withUnsafeBytes { here in
            expected.withUnsafeBytes { there in
                guard let here = here.baseAddress, let there = there.baseAddress else { return true }
                return memcmp(here, there, expected.count) == 0
            }
        }
    }

    /// Reads past what `ByteWriter.raw` wrote if it was exactly `expected`.
    mutating func skipBytes(equalTo expected: [UInt8]) -> Bool {
        guard count() == expected.count else { return false }
        return skip(expected)
    }

    /// `.some(nil)` for an absent value, nil when the bytes are malformed.
    mutating func optional<Value>(_ read: (inout ByteReader) -> Value?) -> Value?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    /// `.some(nil)` for no colour, nil when the bytes are malformed.
    mutating func color() -> TabColor?? {
        switch take(1)?.first {
        case 0: return .some(nil)
        case 1: return string().flatMap(NamedColor.init(rawValue:)).map { .some(.named($0)) }
        case 2:
            guard let parts = take(3) else { return nil }
            let rgb = Array(parts)
            return .some(.rgb(red: rgb[0], green: rgb[1], blue: rgb[2]))
        default: return nil
        }
    }

    static func string(_ reader: inout ByteReader) -> String? { reader.string() }
    static func double(_ reader: inout ByteReader) -> Double? { reader.double() }
}
