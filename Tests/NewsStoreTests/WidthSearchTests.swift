// Search across full- and half-width forms: a reader typing abc finds ＡＢＣ, and ガイド finds
// ｶﾞｲﾄﾞ, whichever form either side is written in; marks land on the text as written.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Search across widths")
struct WidthSearchTests {
    let fixture: NewsAndTechStore
    var store: FeedStore { fixture.store }

    init() throws {
        fixture = try NewsAndTechStore(newsTitle: "ニュース社", techTitle: "Tech Daily")
        try store.store(feed([
            Article(id: "abc", title: "ＡＢＣニュース　速報", link: "https://n.example/1", published: date(300),
                    summary: "ＮＨＫ２０２６年の番組表"),
            Article(id: "guide", title: "ｶﾞｲﾄﾞﾌﾞｯｸ発売", link: "https://n.example/2", published: date(200),
                    content: "<p>ﾊﾟﾝﾀﾞの写真</p>"),
            Article(id: "plain", title: "ABC plain title", link: "https://n.example/3", published: date(100),
                    summary: "ガイドの本、パンダ"),
        ]), from: fixture.news, fetchedAt: date(1_000))
    }

    private func ids(_ query: String) throws -> Set<String> {
        Set(try store.search(query).map(\.article.title))
    }

    @Test("fullwidth letters and digits are found by their ASCII, and the other way round")
    func fullwidthASCII() throws {
        #expect(try ids("abc") == ["ＡＢＣニュース　速報", "ABC plain title"])
        #expect(try ids("ＡＢＣ") == ["ＡＢＣニュース　速報", "ABC plain title"])
        #expect(try ids("nhk2026") == ["ＡＢＣニュース　速報"])
        // Terms of one or two characters go through the trigrams that begin with them.
        #expect(try ids("２０") == ["ＡＢＣニュース　速報"])
        #expect(try ids("Ｎ") == ["ＡＢＣニュース　速報", "ABC plain title"])
    }

    @Test("halfwidth katakana, voiced marks included, is found by fullwidth and the other way round")
    func halfwidthKana() throws {
        #expect(try ids("ガイド") == ["ｶﾞｲﾄﾞﾌﾞｯｸ発売", "ABC plain title"])
        #expect(try ids("ｶﾞｲﾄﾞ") == ["ｶﾞｲﾄﾞﾌﾞｯｸ発売", "ABC plain title"])
        #expect(try ids("パンダ") == ["ｶﾞｲﾄﾞﾌﾞｯｸ発売", "ABC plain title"])
        #expect(try ids("ｶｲﾄ").isEmpty)
    }

    @Test("the mark covers the text as written")
    func marks() throws {
        let hits = try store.search("abc").map(\.markedTitle)
        #expect(hits.contains("\u{02}ＡＢＣ\u{03}ニュース　速報") && hits.contains("\u{02}ABC\u{03} plain title"))
        let guide = try store.search("ガイド").map(\.markedTitle)
        #expect(guide.contains("\u{02}ｶﾞｲﾄﾞ\u{03}ﾌﾞｯｸ発売"))
    }
}
