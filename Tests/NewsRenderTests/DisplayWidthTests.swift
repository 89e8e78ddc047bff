// The bundled width table and column-exact truncation and padding.
import Testing
import NewsRender

@Suite("Display width")
struct DisplayWidthTests {
    @Test("characters take the columns a terminal gives them", arguments: [
        ("a", 1), ("かな", 4), ("漢字", 4), ("Ａ", 2), ("ｶ", 1), ("e\u{0301}", 1),
        ("😀", 2), ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 2), ("🇯🇵", 2), ("한국", 4),
        ("。", 2), ("❤\u{FE0F}", 2), ("\u{200B}", 0), ("a\u{FE0F}", 1), ("…", 1), ("━", 1),
        // The halfwidth sound marks join the kana's cluster but take a column each.
        ("ｶﾞｲﾄﾞ", 5), ("ﾊﾟｿｺﾝ", 5), ("ﾞ", 1), ("ｶﾞ", 2), ("ガ", 2), ("カ\u{3099}", 2),
        // One cluster, yet a cell for each consonant and spacing vowel sign.
        ("हि", 2), ("न्दी", 3), ("กำ", 2),
        // An emoji sequence after a Prepend letter is still one picture beside the letter.
        ("\u{0D4E}👨\u{200D}👩\u{200D}👧", 3), ("\u{0D4E}1\u{FE0F}\u{20E3}", 3),
    ])
    func widthTable(text: String, columns: Int) {
        #expect(DisplayWidth.width(of: text) == columns)
    }

    @Test("a mixed line adds up cluster by cluster")
    func mixedLine() {
        #expect(DisplayWidth.width(of: "Swift 6 リリース 🎉") == 8 + 8 + 1 + 2)
    }

    @Test("combining marks, joiners and variation selectors take no column on their own")
    func zeroWidthScalars() {
        for value: UInt32 in [0x0301, 0x20DD, 0x200D, 0x200B, 0xFE0F, 0xE0100, 0x3099] {
            let scalar = Unicode.Scalar(value).map { DisplayWidth.width(of: $0) }
            #expect(scalar == 0, "U+\(String(value, radix: 16))")
        }
    }

    @Test("halfwidth katakana with sound marks is cut at whole columns")
    func halfwidthSoundMarksCut() {
        #expect(DisplayWidth.truncate("ｶﾞｲﾄﾞﾌﾞｯｸ", toWidth: 6) == "ｶﾞｲﾄﾞ…")
        #expect(DisplayWidth.truncate("ｶﾞｲﾄﾞﾌﾞｯｸ", toWidth: 5) == "ｶﾞｲ…")
        #expect(DisplayWidth.width(of: DisplayWidth.fit("ｶﾞｲﾄﾞﾌﾞｯｸ", toWidth: 5)) == 5)
    }

    @Test("text that fits is returned unchanged")
    func truncateKeepsWhatFits() {
        #expect(DisplayWidth.truncate("ニュース", toWidth: 8) == "ニュース")
        #expect(DisplayWidth.truncate("news", toWidth: 10) == "news")
    }

    @Test("cut text ends in an ellipsis at a column boundary")
    func truncateCuts() {
        #expect(DisplayWidth.truncate("ニュース速報", toWidth: 9) == "ニュース…")
        #expect(DisplayWidth.truncate("ニュース速報", toWidth: 8) == "ニュー…")
        #expect(DisplayWidth.truncate("headline", toWidth: 5) == "head…")
        #expect(DisplayWidth.truncate("headline", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("headline", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("cafe\u{0301} latte", toWidth: 5) == "cafe\u{0301}…")
        // A wide character that would straddle the budget is left out whole.
        #expect(DisplayWidth.truncate("ab速報です", toWidth: 6) == "ab速…")
        #expect(DisplayWidth.truncate("ab速報", toWidth: 6) == "ab速報")
    }

    @Test("truncation never exceeds the limit, whatever the text")
    func truncateNeverExceeds() {
        let samples = [
            "日本銀行が政策金利を据え置き", "mixed 漢字 and ｶﾀｶﾅ", "👨\u{200D}👩\u{200D}👧 family",
            "🇯🇵🇺🇸🇫🇷", "e\u{0301}e\u{0301}e\u{0301}", "Ａｂｃ１２３", "",
        ]
        for text in samples {
            for limit in 0...30 {
                let cut = DisplayWidth.truncate(text, toWidth: limit)
                #expect(DisplayWidth.width(of: cut) <= limit, "\(text) at \(limit): \(cut)")
                #expect(DisplayWidth.width(of: cut) >= limit - 1
                    || cut == text, "\(text) at \(limit) lost more than a column: \(cut)")
            }
        }
    }

    @Test("Indic text is cut at whole syllables and fitted to the exact width")
    func indicCut() {
        #expect(DisplayWidth.truncate("नमस्ते दुनिया", toWidth: 6) == "नमस्ते …")
        #expect(DisplayWidth.truncate("नमस्ते दुनिया", toWidth: 10) == "नमस्ते दुनिया")
        for limit in 1...30 {
            let fitted = DisplayWidth.fit("हिन्दी समाचार: प्रधानमंत्री ने कहा", toWidth: limit)
            #expect(DisplayWidth.width(of: fitted) == limit, "limit \(limit): \(fitted)")
        }
    }

    @Test("fit pads a straddling cut to the exact width")
    func fitIsExact() {
        #expect(DisplayWidth.fit("ニュース速報", toWidth: 8) == "ニュー… ")
        #expect(DisplayWidth.fit("ab", toWidth: 4) == "ab  ")
        for limit in 1...20 {
            #expect(DisplayWidth.width(of: DisplayWidth.fit("量子コンピューター", toWidth: limit)) == limit)
        }
    }

    @Test("pad leaves text that is already wide enough alone")
    func padLeavesWideText() {
        #expect(DisplayWidth.pad("ニュース", toWidth: 4) == "ニュース")
        #expect(DisplayWidth.pad("ニュース", toWidth: 10) == "ニュース  ")
    }

    @Test("ambiguous characters are one column, or two when the terminal draws them wide",
          arguments: [("…", 1, 2), ("●", 1, 2), ("━", 1, 2), ("Ω", 1, 2), ("①", 1, 2),
                      ("·", 1, 2), ("‹", 1, 1), ("漢", 2, 2), ("a", 1, 1), ("e\u{0301}", 1, 1)])
    func ambiguousWidth(text: String, narrow: Int, wide: Int) {
        #expect(DisplayWidth.width(of: text) == narrow)
        #expect(DisplayWidth.width(of: text, ambiguousWide: true) == wide)
    }

    @Test("VS16 makes a text-style emoji wide and VS15 makes an emoji-style one narrow")
    func variationSelectors() {
        #expect(DisplayWidth.width(of: "☺") == 1)
        #expect(DisplayWidth.width(of: "☺\u{FE0F}") == 2)
        #expect(DisplayWidth.width(of: "⌚") == 2)
        #expect(DisplayWidth.width(of: "⌚\u{FE0E}") == 1)
        #expect(DisplayWidth.width(of: "😀\u{FE0E}") == 1)
        #expect(DisplayWidth.width(of: "1\u{FE0F}\u{20E3}") == 2)
        // A selector on a character that is not an emoji changes nothing.
        #expect(DisplayWidth.width(of: "漢\u{FE0E}") == 2)
    }

    @Test("truncation takes any ellipsis and counts it in the width")
    func truncateWithOtherEllipsis() {
        #expect(DisplayWidth.truncate("headline", toWidth: 6, ellipsis: "...") == "hea...")
        #expect(DisplayWidth.truncate("headline", toWidth: 2, ellipsis: "...") == "he")
        #expect(DisplayWidth.truncate("ニュース速報", toWidth: 8, ambiguousWide: true) == "ニュー…")
        #expect(DisplayWidth.truncate("ニュース速報", toWidth: 7, ambiguousWide: true) == "ニュ…")
        #expect(DisplayWidth.fit("ΑΒΓΔ", toWidth: 5, ambiguousWide: true) == "Α… ")
    }
}

