// Extensions matched by namespace URI whatever the prefix: Media RSS, iTunes, syndication,
// atom:link inside RSS, xml:lang; and nested xml:base in Atom.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Extensions")
struct ExtensionTests {
    let feed: Feed

    init() throws {
        feed = try Fixture.parse("rss20_media_itunes_syndication.xml", documentURL: "https://pod.example.jp/feed.xml")
    }

    @Test("unusual prefixes do not matter: iTunes author and image, xml:lang on the channel")
    func channel() {
        #expect(feed.author == "高橋")
        #expect(feed.image == "https://pod.example.jp/art.png")
        #expect(feed.language == "ja-JP")
        #expect(feed.link == "https://pod.example.jp/")
    }

    @Test("sy:updatePeriod hourly with frequency 2 is every half hour, ahead of ttl")
    func updateInterval() {
        #expect(feed.updateInterval == 1_800)
    }

    @Test("ttl alone gives the interval in minutes")
    func ttlAlone() throws {
        let xml = "<rss version=\"2.0\"><channel><title>t</title><ttl>15</ttl></channel></rss>"
        #expect(try FeedParser.parse(Data(xml.utf8), documentURL: nil).updateInterval == 900)
    }

    @Test("media:group's media:content become enclosures after the RSS enclosure, without duplicates; iTunes duration and image")
    func mediaGroup() throws {
        let item = try #require(feed.articles.first)
        #expect(item.enclosures == [
            Enclosure(url: "https://cdn.example.jp/ep1.mp3", type: "audio/mpeg", length: 1_000),
            Enclosure(url: "https://cdn.example.jp/ep1.m4a", type: "audio/mp4", length: 2_000),
        ])
        #expect(item.duration == 3_723)
        #expect(item.image == "https://pod.example.jp/ep1.png")
    }

    @Test("media:title, media:description, a thumbnail inside media:content and atom:link rel=alternate fill an item")
    func mediaOnlyItem() throws {
        let item = try #require(feed.articles.last)
        #expect(item.title == "メディアだけの回")
        #expect(item.summary == "Plain &lt;text&gt; description")
        #expect(item.link == "https://pod.example.jp/2")
        #expect(item.image == "https://pod.example.jp/thumb2.jpg")
        #expect(item.enclosures == [Enclosure(url: "https://pod.example.jp/video2.mp4", type: "video/mp4", length: 3_000)])
    }

    @Test("Atom xml:base nests: feed, entry and relative references resolve in turn")
    func atomNestedBase() throws {
        let atom = try Fixture.parse("atom_xml_base_nested.xml", documentURL: "https://ignored.example.com/feed")
        #expect(atom.link == "https://example.org/blog/")
        #expect(atom.language == "en-GB")
        let first = try #require(atom.articles.first)
        #expect(first.link == "https://example.org/blog/2025/06/one.html")
        #expect(first.enclosures == [Enclosure(url: "https://example.org/blog/media/one.mp3", type: "audio/mpeg", length: 42)])
        #expect(first.content == "<p>Hi</p>")
        let second = try #require(atom.articles.last)
        #expect(second.link == "https://example.org/root.html")
        #expect(second.title == "Entry two & more")
        #expect(atom.warnings.contains { $0.hasPrefix("line 19: <updated>: date \"2025-06-02T00:00:00\" has no time zone") })
    }
}
