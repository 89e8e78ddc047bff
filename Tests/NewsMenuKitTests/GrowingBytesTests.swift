// The JSON writer's byte buffer holds exactly what was appended, across its growth and for
// every short-copy path (bytes one at a time, two overlapping words, memcpy).
import Testing
@testable import NewsMenuKit

@Suite("Growing bytes")
struct GrowingBytesTests {
    @Test("runs of every length from 0 to 40, single bytes and indented line breaks come out in order as appended")
    func holdsWhatWasAppended() {
        var bytes = GrowingBytes(capacity: 1)
        var expected: [UInt8] = []
        for length in 0...40 {
            let run = (0..<length).map { UInt8(truncatingIfNeeded: length &* 31 &+ $0) }
            run.withUnsafeBufferPointer { bytes.append($0) }
            expected += run
            bytes.append(UInt8(length))
            expected.append(UInt8(length))
            bytes.appendLineBreak(indentedBy: length)
            expected += [0x0A] + [UInt8](repeating: 0x20, count: length)
        }
        bytes.append("key")
        expected += Array("key".utf8)
        #expect(bytes.count == expected.count)
        #expect(bytes.withBytes { Array($0) } == expected)
        bytes.removeAll()
        bytes.append(0x41)
        #expect(bytes.withBytes { Array($0) } == [0x41])
    }

    @Test("pieces copied sixteen or thirty-two bytes at a time and bytes written into reserved room keep only their counted bytes")
    func wholeBlockCopies() {
        var bytes = GrowingBytes(capacity: 1)
        var expected: [UInt8] = []
        // Readable to 64 bytes, as the pieces' slots are.
        let source = (0..<64).map { UInt8($0 + 0x30) }
        source.withUnsafeBytes { raw in
            guard let start = raw.baseAddress else {
                Issue.record("an array of 64 bytes has storage")
                return
            }
            for length in 1...32 {
                bytes.appendThirtyTwo(from: start, count: length)
                expected += source[..<length]
                bytes.appendSixteens(from: start, count: length + 32)
                expected += source[..<(length + 32)]
                bytes.appendWritten(room: length + 16) { target in
                    for index in 0..<(length + 16) { target[index] = 0xEE }
                    return length
                }
                expected += [UInt8](repeating: 0xEE, count: length)
            }
        }
        #expect(bytes.withBytes { Array($0) } == expected)
    }
}
