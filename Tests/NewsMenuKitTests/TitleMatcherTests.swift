// What `/` in the view matches: the query anywhere in a title, whatever its case, accents or
// full- and half-width forms, halfwidth kana with sound marks included.
import Testing
@testable import NewsMenuKit

@Suite("Title matching for /")
struct TitleMatcherTests {
    @Test("ｶﾞｲﾄﾞ and ガイド find each other, as they do in newsmenu search", arguments: [
        ("ｶﾞｲﾄﾞ半角濁点", "ガイド"), ("ガイドブック", "ｶﾞｲﾄﾞ"), ("ﾊﾟｿｺﾝ", "パソ"), ("スシロー", "ｽｼ"),
        ("ＡＢＣニュース１２３", "abc"), ("News 123", "１２３"), ("ÉCOLE école", "ecole"), ("Tokyo", "TOKYO"),
    ])
    func matches(title: String, query: String) {
        #expect(TitleMatcher.matches(title, query))
    }

    @Test("different kana and different letters do not match", arguments: [
        ("ｶｲﾄﾞ", "ガイド"), ("カイド", "ガイド"), ("すし", "スシ"), ("cafe", "cafes"),
    ])
    func misses(title: String, query: String) {
        #expect(!TitleMatcher.matches(title, query))
    }
}
