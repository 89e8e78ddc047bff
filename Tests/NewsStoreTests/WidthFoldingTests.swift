// Full- and half-width forms as search reads them: as NFKC has them, and nothing else changed.
import Foundation
import Testing
@testable import NewsStore

@Suite("Width folding")
struct WidthFoldingTests {
    @Test("fullwidth ASCII and halfwidth katakana fold as NFKC folds them", arguments: [
        "ＡＢＣニュース", "ＮＨＫ２０２６年（速報）！", "ｶﾀｶﾅ", "ｶﾞｲﾄﾞﾌﾞｯｸ", "ﾊﾟﾝﾀﾞ ﾎﾟｯﾌﾟ", "ｳﾞｧｲｵﾘﾝ", "ﾜﾞｦﾞ",
        "ｰ｡｢｣､･ｧｨｩｪｫｬｭｮｯ", "ﾞ alone", "ｱﾞ no pair", "mixed Ａb ｶ",
    ])
    func matchesNFKC(text: String) {
        #expect(WidthFolding.folded(text) == text.precomposedStringWithCompatibilityMapping)
    }

    @Test("text without those forms is left alone, the blocks' other characters included", arguments: [
        "東京都で大雨", "Swift ① ㈱ ﬁ ²", "한국어", "𠀋 😀", "", "\u{FF00}\u{FF5F}\u{FF60}\u{FFE0}\u{FFE5}",
    ])
    func leavesOthers(text: String) {
        var bytes = text
        #expect(bytes.withUTF8(WidthFolding.folded) == nil)
        #expect(WidthFolding.folded(text) == text)
    }
}
