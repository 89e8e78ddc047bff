// A time written without a zone in a Japanese-language feed is Japan time in every form the
// feed writes it; in other feeds only the Japanese forms are.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Zoneless times and the feed's language")
struct FeedLanguageDateTests {
    private func rss(language: String?) -> Data {
        let tag = language.map { "<language>\($0)</language>" } ?? ""
        return Data("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>\(tag)
            <item><guid>1</guid><pubDate>2025-06-10 13:00:00</pubDate></item>
            <item><guid>2</guid><dc:date>2025-06-10T13:00:00</dc:date></item>
            <item><guid>3</guid><pubDate>2025/06/10 13:00:00</pubDate></item>
            <item><guid>4</guid><pubDate>Tue, 10 Jun 2025 13:00:00</pubDate></item>
            <item><guid>5</guid><pubDate>2025-06-10T13:00:00+02:00</pubDate></item>
            </channel></rss>
            """.utf8)
    }

    @Test("in a feed whose language is ja, ja-JP or JA_jp every zoneless time is Japan time; a written zone stands",
          arguments: ["ja", "ja-JP", "JA_jp"])
    func japaneseFeed(_ language: String) throws {
        let feed = try FeedParser.parse(rss(language: language), documentURL: nil)
        let dates = feed.articles.map(\.published)
        #expect(dates == [Fixture.utc(2025, 6, 10, 4), Fixture.utc(2025, 6, 10, 4), Fixture.utc(2025, 6, 10, 4),
                          Fixture.utc(2025, 6, 10, 4), Fixture.utc(2025, 6, 10, 11)])
        #expect(feed.warnings.filter { $0.contains("read as Japan time") }.count == 4)
        #expect(!feed.warnings.contains { $0.contains("read as UTC") })
    }

    @Test("in an English feed, or one with no language, only the Japanese form is Japan time",
          arguments: ["en-US", nil] as [String?])
    func otherFeed(_ language: String?) throws {
        let dates = try FeedParser.parse(rss(language: language), documentURL: nil).articles.map(\.published)
        #expect(dates == [Fixture.utc(2025, 6, 10, 13), Fixture.utc(2025, 6, 10, 13), Fixture.utc(2025, 6, 10, 4),
                          Fixture.utc(2025, 6, 10, 13), Fixture.utc(2025, 6, 10, 11)])
    }

    @Test("Atom's xml:lang and JSON Feed's language say Japanese too")
    func atomAndJSONFeed() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ja"><title>t</title>
            <entry><id>a</id><title>x</title><updated>2025-06-10T13:00:00</updated></entry></feed>
            """
        #expect(try FeedParser.parse(Data(atom.utf8), documentURL: nil).articles.first?.updated
            == Fixture.utc(2025, 6, 10, 4))
        let json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "t", "language": "ja-JP", "items": [{"id": "1", "date_published": "2025-06-10T13:00:00"}]}"#
        #expect(try FeedParser.parse(Data(json.utf8), documentURL: nil).articles.first?.published
            == Fixture.utc(2025, 6, 10, 4))
    }
}
