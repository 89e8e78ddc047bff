// A JSON string written sixteen and thirty-two bytes at a time comes out as the byte-by-byte
// rule says, wherever the bytes to escape fall, and never past the room it was given.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("JSON string quoting")
struct JSONQuotingTests {
    /// The rule, byte by byte: quotes, backslashes and C0 controls escaped, U+2028–U+202E
    /// and U+2066–U+2069 as `\u2028`…, every other byte (any other E2 sequence too) as it is.
    static func expected(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x22]
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case 0x22: out += Array("\\\"".utf8)
            case 0x5C: out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0..<0x20: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            case 0xE2 where index + 2 < text.count
                && ((text[index + 1] == 0x80 && (0xA8...0xAE).contains(text[index + 2]))
                    || (text[index + 1] == 0x81 && (0xA6...0xA9).contains(text[index + 2]))):
                let scalar = String(decoding: text[index...(index + 2)], as: UTF8.self).unicodeScalars.first?.value ?? 0
                out += Array(String(format: "\\u%04x", Int(scalar)).utf8)
                index += 2
            default: out.append(byte)
            }
            index += 1
        }
        return out + [0x22]
    }

    /// What JSONQuoting writes for `text`, and whether the bytes after its room were left alone.
    static func quoted(_ text: [UInt8]) -> (bytes: [UInt8], withinRoom: Bool) {
        let room = JSONQuoting.room(forQuoting: text.count)
        let guardBytes = 64
        let target = UnsafeMutablePointer<UInt8>.allocate(capacity: room + guardBytes)
        defer { target.deallocate() }
        target.initialize(repeating: 0xAA, count: room + guardBytes)
        let written = text.withUnsafeBufferPointer { JSONQuoting.write($0, to: target) }
        let untouched = (room..<room + guardBytes).allSatisfy { target[$0] == 0xAA }
        return (Array(UnsafeBufferPointer(start: target, count: written)), written <= room && untouched)
    }

    /// Bytes that need an escape or look like they might, and some that do not.
    static let specials: [[UInt8]] = [
        [0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x00], [0x1F], [0x7F], [0x20],
        [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0xA7], [0xE2, 0x80, 0x9C], [0xE2], [0xE2, 0x80],
        [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0xAF], [0xE2, 0x81, 0xA6], [0xE2, 0x81, 0xA9], [0xE2, 0x81, 0xAA],
        [0xC2, 0x9B],
        Array("記".utf8),
    ]

    @Test("each special byte at every position of texts 0 to 80 bytes long")
    func everyPosition() {
        for length in 0...80 {
            let plain = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(Self.quoted(plain).bytes == Self.expected(plain))
            for special in Self.specials {
                for position in 0...length {
                    let text = Array(plain[..<position]) + special + Array(plain[position...])
                    let result = Self.quoted(text)
                    #expect(result.bytes == Self.expected(text), "\(special) at \(position) of \(length)")
                    #expect(result.withinRoom)
                }
            }
        }
    }

    @Test("texts made only of bytes to escape, and controls in runs, stay within their room")
    func worstCases() {
        for length in 0...100 {
            let separators: [UInt8] = (0..<length).flatMap { $0 % 2 == 0 ? [0xE2, 0x80, 0xA8] as [UInt8] : [0x41] }
            let texts: [[UInt8]] = [
                [UInt8](repeating: 0x01, count: length), [UInt8](repeating: 0x22, count: length),
                (0..<length).map { UInt8($0 % 0x20) }, separators,
                (0..<length).flatMap { [0xE2, 0x81, 0xA6 + UInt8($0 % 4)] as [UInt8] },
            ]
            for text in texts {
                let result = Self.quoted(text)
                #expect(result.bytes == Self.expected(text))
                #expect(result.withinRoom)
            }
        }
    }

    @Test("long mixed text: HTML with quotes and line breaks, CJK, and separators far apart")
    func longText() {
        var text: [UInt8] = []
        for index in 0..<400 {
            text += Array("<p class=\"x\">段落 \(index)</p>\n".utf8)
            if index % 37 == 0 { text += [0xE2, 0x80, 0xA9] }
            if index % 53 == 0 { text += Array(String(repeating: "z", count: index % 45).utf8) }
        }
        let result = Self.quoted(text)
        #expect(result.bytes == Self.expected(text))
        #expect(result.withinRoom)
    }
}
