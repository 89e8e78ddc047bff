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
}
