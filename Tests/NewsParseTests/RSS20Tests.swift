// RSS 2.0: the full item vocabulary, xml:base, guid permalinks, entity decoding.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("RSS 2.0")
struct RSS20Tests {
    let feed: Feed

    init() throws {
        feed = try Fixture.parse("rss20-full.xml", documentURL: "https://news.example.jp/tech/feed.xml")
    }

    @Test("the format is recognised from the rss root and its version")
    func format() {
        #expect(feed.format == .rss20)
    }

    @Test("channel fields come through as plain text, with links resolved against xml:base")
    func channel() {
        // `&amp;amp;` is `&amp;` after XML; an RSS title with a reference is HTML (feedparser's
        // rule), so the HTML layer makes it "&".
        #expect(feed.title == "テックニュース & 解説")
        #expect(feed.link == "https://news.example.jp/tech/")
        #expect(feed.subtitle == "毎日のテクノロジー&ガジェット情報")
        #expect(feed.language == "ja")
        #expect(feed.author == "編集部")
        #expect(feed.image == "https://news.example.jp/tech/images/logo.png")
        #expect(feed.updated == Fixture.utc(2025, 6, 3, 0, 30))
    }

    @Test("atom:link rel=self inside RSS is not taken as the feed's link")
    func selfLinkIgnored() {
        #expect(feed.link != "https://news.example.jp/tech/feed.xml")
    }

    @Test("content:encoded, dc:creator, categories and several enclosures are read")
    func firstItem() throws {
        let article = try #require(feed.articles.first)
        #expect(article.title == "Swift 6.3 がリリース、並行処理がさらに安全に")
        #expect(article.link == "https://news.example.jp/tech/articles/2025/06/swift-63")
        #expect(article.summary == "<p>Swift 6.3 では <em>strict concurrency</em> の診断が改善された。</p>")
        #expect(article.content?.hasPrefix("<p>Swift 6.3 では strict concurrency") == true)
        #expect(article.content?.contains("<a href=\"https://swift.org/blog/\">公式ブログ</a>") == true)
        #expect(article.author == "山田 太郎")
        #expect(article.categories == ["プログラミング", "Swift"])
        #expect(article.published == Fixture.utc(2025, 6, 2, 23, 0))
        #expect(article.enclosures == [
            Enclosure(url: "https://news.example.jp/tech/audio/swift-63.mp3", type: "audio/mpeg", length: 12_345_678),
            Enclosure(url: "https://cdn.example.jp/video/swift-63.mp4", type: "video/mp4", length: nil),
        ])
    }

    @Test("a guid with isPermaLink=false is the id but never the link")
    func nonPermalinkGuid() throws {
        let article = try #require(feed.articles.first)
        #expect(article.id == "tag:news.example.jp,2025:swift-63")
        #expect(article.link?.hasPrefix("tag:") == false)
    }

    @Test("an item's own xml:base overrides the channel's")
    func nestedBase() throws {
        let article = try #require(feed.articles.dropFirst().first)
        #expect(article.link == "https://blog.example.com/en/posts/rust-and-swift.html")
    }

    @Test("titles are whitespace-collapsed and entities are decoded exactly once")
    func entitiesOnce() throws {
        let article = try #require(feed.articles.dropFirst().first)
        #expect(article.title == "Rust & Swift: a friendly comparison")
        #expect(article.summary == "An <em>honest</em> look at two languages. AT&amp;T did not sponsor this.")
        #expect(article.author == "Jane Doe")
    }

    @Test("a '<' that opens no tag stays in an RSS title")
    func lessThanKept() throws {
        let article = try #require(feed.articles.last)
        #expect(article.title == "x < y の証明")
    }

    @Test("a permalink guid is the link when there is no link element")
    func permalinkGuid() throws {
        let article = try #require(feed.articles.last)
        #expect(article.link == "https://news.example.jp/tech/articles/proof")
        #expect(article.id == "https://news.example.jp/tech/articles/proof")
    }

    @Test("an unparseable date is nil and a warning names its text")
    func badDate() throws {
        let article = try #require(feed.articles.last)
        #expect(article.published == nil)
        #expect(feed.warnings.contains { $0.contains("someday soon") })
    }

    @Test("comments are not an article field and do not disturb the item")
    func commentsIgnored() {
        #expect(feed.articles.count == 3)
    }
}
