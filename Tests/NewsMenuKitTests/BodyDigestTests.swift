// The body digest decides whether a feed is parsed again: any change to a body must change
// it, and the same body must give the same digest in every run, since the last one is stored.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Body digest")
struct BodyDigestTests {
    private static func body(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    }

    @Test("the same bytes give the same digest: the length, a dash and 32 hex digits")
    func sameBytesSameDigest() {
        for count in [0, 1, 7, 8, 15, 16, 17, 31, 33, 1000] {
            let digest = BodyDigest.of(Data(Self.body(count)))
            #expect(digest == BodyDigest.of(Data(Self.body(count))))
            let parts = digest.split(separator: "-", omittingEmptySubsequences: false)
            #expect(parts.count == 2)
            #expect(parts.first == "\(count)"[...])
            #expect(parts.last?.count == 32)
            #expect(parts.last?.allSatisfy(\.isHexDigit) == true)
        }
    }

    @Test("changing any one bit of a body, in the sixteen-byte steps or the tail, changes the digest")
    func everyBitCounts() {
        for count in 1...40 {
            let original = Self.body(count)
            let digest = BodyDigest.of(Data(original))
            for position in 0..<count {
                for bit in 0..<8 {
                    var changed = original
                    changed[position] ^= UInt8(1 << bit)
                    #expect(BodyDigest.of(Data(changed)) != digest, "byte \(position) bit \(bit) of \(count)")
                }
            }
        }
    }

    @Test("words swapped between the lanes, or moved between steps, change the digest")
    func wordOrderCounts() {
        let words: [[UInt8]] = (0..<4).map { word in (0..<8).map { UInt8(word * 8 + $0) } }
        let inOrder = BodyDigest.of(Data(words.joined()))
        #expect(BodyDigest.of(Data([words[1], words[0], words[2], words[3]].joined())) != inOrder)
        #expect(BodyDigest.of(Data([words[2], words[1], words[0], words[3]].joined())) != inOrder)
        // Trailing zero bytes are bytes too, even where the hashes alone would not see them.
        let digests = (0...20).map { BodyDigest.of(Data(Array(repeating: 0, count: $0))) }
        #expect(Set(digests).count == digests.count)
        #expect(Set(digests.map { $0.split(separator: "-")[1] }).count == digests.count)
    }

    @Test("the digest of a known body is pinned: stored digests are compared with it on the next fetch")
    func pinned() {
        let body = Data("<rss version=\"2.0\"><channel><title>東京</title></channel></rss>".utf8)
        #expect(BodyDigest.of(body) == "65-146c297b58484772c5f4c734e18b3033")
        #expect(BodyDigest.of(Data()) == "0-b91a09c9734b14af0d7ae5f4567b65d8")
    }
}
