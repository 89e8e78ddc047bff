// The notice a window too small for the page gets: at every width it fits, and the size it
// reports is whole, the words giving way first.
import Testing
import NewsRender
@testable import NewsMenuKit

@Suite("Too-small notice")
struct TooSmallNoticeTests {
    @Test("from 10 to 40 columns the notice fits and ends in the whole size, in both languages and ambiguous widths",
          arguments: UILanguage.allCases, [false, true])
    func fitsWithTheWholeSize(language: UILanguage, ambiguousWide: Bool) {
        for columns in 10...40 {
            for rows in [1, 3, 5] {
                let notice = ViewText.tooSmall(columns: columns, rows: rows, language, ambiguousWide: ambiguousWide)
                let size = "\(columns)×\(rows)"
                #expect(DisplayWidth.width(of: notice, ambiguousWide: ambiguousWide) <= columns, "\(notice)")
                #expect(notice == size || notice.hasSuffix(": " + size), "\(columns) columns: \(notice)")
            }
        }
    }

    @Test("the longest form that fits: the sentence, fewer words, then the size alone")
    func longestFormThatFits() {
        #expect(ViewText.tooSmall(columns: 40, rows: 5, .english, ambiguousWide: false) == "window too small: 40×5")
        #expect(ViewText.tooSmall(columns: 20, rows: 5, .english, ambiguousWide: false) == "too small: 20×5")
        #expect(ViewText.tooSmall(columns: 10, rows: 3, .english, ambiguousWide: false) == "10×3")
        #expect(ViewText.tooSmall(columns: 30, rows: 5, .japanese, ambiguousWide: false) == "ウィンドウが小さすぎます: 30×5")
        #expect(ViewText.tooSmall(columns: 20, rows: 5, .japanese, ambiguousWide: false) == "小さすぎます: 20×5")
        #expect(ViewText.tooSmall(columns: 18, rows: 5, .japanese, ambiguousWide: true) == "18×5")
    }

    @Test("where not even the size fits, nothing rather than part of it")
    func nothingCut() {
        #expect(ViewText.tooSmall(columns: 2, rows: 1, .english, ambiguousWide: false) == "")
        #expect(ViewText.tooSmall(columns: 3, rows: 2, .japanese, ambiguousWide: true) == "")
    }
}
