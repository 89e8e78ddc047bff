// What `/` found in the article being read, marked on its lines: reverse video on and off
// alone, around every occurrence of every word, folded as `/` folds, through the line's own
// styles.
import NewsModel
import Testing
@testable import NewsMenuKit

@Suite("Reading matches")
struct ReadingMatchesTests {
    private let on = "\u{1B}[7m", off = "\u{1B}[27m"

    @Test("every occurrence of every word is marked, in any case and order; overlapping ones as one")
    func plain() {
        #expect(ReadingMatches.marked("Tokyo news: TOKYO", words: ["tokyo"]) == "\(on)Tokyo\(off) news: \(on)TOKYO\(off)")
        #expect(ReadingMatches.marked("news from Tokyo", words: ["tokyo", "news"])
                == "\(on)news\(off) from \(on)Tokyo\(off)")
        #expect(ReadingMatches.marked("abcdef", words: ["bcd", "cde"]) == "a\(on)bcde\(off)f")
        #expect(ReadingMatches.marked("nothing here", words: ["tokyo"]) == "nothing here")
        #expect(ReadingMatches.marked("Tokyo", words: []) == "Tokyo")
    }

    @Test("full- and half-width forms and accents match as / matches them, marked as written")
    func folded() {
        #expect(ReadingMatches.marked("ＴＯＫＹＯの天気", words: ["tokyo"]) == "\(on)ＴＯＫＹＯ\(off)の天気")
        #expect(ReadingMatches.marked("ｶﾞｲﾄﾞブック", words: ["ガイド"]) == "\(on)ｶﾞｲﾄﾞ\(off)ブック")
        #expect(ReadingMatches.marked("l'école", words: ["ecole"]) == "l'\(on)école\(off)")
        #expect(ReadingMatches.marked("東京都の予報", words: ["東京"]) == "\(on)東京\(off)都の予報")
    }

    @Test("the line's own styles stay; one inside a match is followed by reverse video again")
    func styled() {
        let bold = "\u{1B}[1m", reset = "\u{1B}[m"
        #expect(ReadingMatches.marked("\(bold)Tokyo\(reset) news", words: ["tokyo"])
                == "\(bold)\(on)Tokyo\(off)\(reset) news")
        #expect(ReadingMatches.marked("To\(bold)kyo news\(reset)", words: ["tokyo news"])
                == "\(on)To\(bold)\(on)kyo news\(off)\(reset)")
    }

    @Test("ranges that overlap or touch are joined, in the order of their starts; those apart stay apart")
    func joined() {
        #expect([5..<7, 0..<2, 1..<3, 3..<4].joinedRanges() == [0..<4, 5..<7])
        #expect([Range<Int>]().joinedRanges().isEmpty)
    }

    @Test("the lines holding the words are those / and n go to, a phrase broken across two counted where it starts")
    func lines() {
        let text = ["Tokyo", "news", "日本語の確認す", "  るため", "Tokyo again"]
        #expect(ReadingMatches.lines(of: text, holding: ["tokyo"]) == [0, 4])
        #expect(ReadingMatches.lines(of: text, holding: ["確認するため"]) == [2])
        #expect(ReadingMatches.lines(of: text, holding: []).isEmpty)
    }
}
