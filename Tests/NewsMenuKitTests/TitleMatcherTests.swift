// What `/` in the view matches: every word of the query anywhere in a title, whatever its
// case, accents or full- and half-width forms, halfwidth kana with sound marks included.
import Testing
@testable import NewsMenuKit

@Suite("Title matching for /")
struct TitleMatcherTests {
    @Test("ｶﾞｲﾄﾞ and ガイド find each other, as they do in newsmenu search", arguments: [
        ("ｶﾞｲﾄﾞ半角濁点", "ガイド"), ("ガイドブック", "ｶﾞｲﾄﾞ"), ("ﾊﾟｿｺﾝ", "パソ"), ("スシロー", "ｽｼ"),
        ("ＡＢＣニュース１２３", "abc"), ("News 123", "１２３"), ("ÉCOLE école", "ecole"), ("Tokyo", "TOKYO"),
    ])
    func matches(title: String, query: String) {
        #expect(TitleMatcher.matches(title, words: TitleMatcher.words(of: query)))
    }

    @Test("different kana and different letters do not match", arguments: [
        ("ｶｲﾄﾞ", "ガイド"), ("カイド", "ガイド"), ("すし", "スシ"), ("cafe", "cafes"),
    ])
    func misses(title: String, query: String) {
        #expect(!TitleMatcher.matches(title, words: TitleMatcher.words(of: query)))
    }

    @Test("every word of the query must be in the title, in any order and anywhere in it", arguments: [
        ("Swift 6 released", "swift release", true), ("Swift 6 released", "released swift", true),
        ("東京都の大雨", "東京都 ", true), ("東京都の大雨", "大雨　東京", true), ("東京都の大雨", "東京 台風", false),
        ("Swift 6 released", "swift  java", false), ("ｶﾞｲﾄﾞ ＡＢＣ", "abc ガイド", true),
    ])
    func everyWord(title: String, query: String, found: Bool) {
        #expect(TitleMatcher.matches(title, words: TitleMatcher.words(of: query)) == found)
    }

    @Test("a query of only spaces has no words and matches no title, as an empty one")
    func blankQuery() {
        #expect(TitleMatcher.words(of: "  \u{3000} ").isEmpty)
        #expect(TitleMatcher.match("   ", in: ["a b", " "], from: 0, forward: true) == nil)
        #expect(TitleMatcher.match("", in: ["a b", " "], from: 0, forward: true) == nil)
    }
}
