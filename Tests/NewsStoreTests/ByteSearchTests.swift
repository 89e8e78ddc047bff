// The substring search under the scan filter, the candidate check and the ranking.
import Testing
@testable import NewsStore

@Suite("Byte search")
struct ByteSearchTests {
    private func offset(_ needle: String, in text: String, from start: Int = 0) -> Int? {
        Array(needle.utf8).withUnsafeBytes { needle in
            Array(text.utf8).withUnsafeBytes { text in ByteSearch.offset(of: needle, in: text, from: start) }
        }
    }

    @Test("finds the first place at or after the start, at either end of the text")
    func places() {
        #expect(offset("ab", in: "abcab") == 0)
        #expect(offset("ab", in: "abcab", from: 1) == 3)
        #expect(offset("ab", in: "abcab", from: 4) == nil)
        #expect(offset("允", in: "允") == 0)
        #expect(offset("は允", in: "末尾は允") == 6)
        #expect(offset("x", in: "") == nil && offset("", in: "x") == nil && offset("long", in: "lo") == nil)
        #expect(offset("ab", in: "ab", from: 5) == nil)
    }

    @Test("characters sharing the term's last or first bytes are not the term")
    func sharedBytes() {
        // 允 is E5 85 81; 偁 is E5 84 81 (same last byte), 兂 E5 85 82 (same first two).
        #expect(offset("允", in: "偁兂偁兂") == nil)
        #expect(offset("允", in: "偁兂允偁") == 6)
        #expect(SearchQuery.occurrences(of: "允", in: Array("允偁允允兂".utf8)) == 3)
        #expect(SearchQuery.occurrences(of: "aa", in: Array("aaaaa".utf8)) == 2)
        #expect(SearchQuery.occurrences(of: "aa", in: Array("aaaaa".utf8), upTo: 1) == 1)
    }
}
