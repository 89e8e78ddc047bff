// Upgrading every released schema version to this build's, from the committed fixture files,
// with every row, read state, bookkeeping and last look intact and the new features working.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Migrations from released versions")
struct MigrationTests {
    /// A copy of the committed fixture, so the test never changes it.
    private func upgradedCopy(of version: Int, in temp: TemporaryDirectory) throws -> (FeedStore, String) {
        let path = temp.path("v\(version).db")
        try FileManager.default.copyItem(atPath: FixtureDatabases.path(version: version), toPath: path)
        return (try FeedStore(path: path), path)
    }

    @Test("each committed fixture is exactly what its version's steps and the sample rows make",
          arguments: FixtureDatabases.releasedVersions)
    func fixturesMatchTheirSteps(version: Int) throws {
        let temp = try TemporaryDirectory()
        try FixtureDatabases.build(version: version, at: temp.path("fresh.db"))
        let schema = "SELECT type, name, sql FROM sqlite_schema ORDER BY name"
        let rows = "SELECT id, feed_id, guid, title, link, published, first_seen, is_read, is_starred FROM articles ORDER BY id"
        let committed = try RawConnection(path: FixtureDatabases.path(version: version), readOnly: true)
        let fresh = try RawConnection(path: temp.path("fresh.db"), readOnly: true)
        #expect(try committed.integer("PRAGMA user_version") == Int64(version))
        #expect(try committed.rows(schema) == fresh.rows(schema))
        #expect(try committed.rows(rows) == fresh.rows(rows))
    }

    @Test("every released version upgrades to the latest with its data intact",
          arguments: FixtureDatabases.releasedVersions)
    func upgradeKeepsData(version: Int) throws {
        let temp = try TemporaryDirectory()
        let (store, path) = try upgradedCopy(of: version, in: temp)
        let raw = try RawConnection(path: path)
        #expect(try raw.integer("PRAGMA user_version") == Int64(Migrations.latestVersion))
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.articleCount() == 4)

        // The two copies of the rain story become one row listing both feeds, still read.
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.id) == [1, 3, 4])
        #expect(rows[0].sources == ["通信社", "新聞社"] && rows[0].isRead)
        #expect(rows[1].isStarred && !rows[1].isRead)
        #expect(rows[2].title == "https://site.example/untitled")
        #expect(try store.articles(inTab: "Tech", limit: 10).map(\.id) == [2, 4])
        // v2 dates an article that has only `updated` by it; v1 had no way to.
        #expect(rows[1].date == date(1_577_830_000))

        let counts = try store.tabCounts()
        #expect(counts["ニュース"] == TabCounts(unread: 2, total: 3, new: 2, lastViewed: date(1_577_836_000)))
        let whole = try #require(try store.article(id: 1))
        #expect(whole.categories == ["天気", "東京"] && whole.content == "<p>本文</p>" && whole.author == "記者")
        #expect(try store.article(id: 3)?.enclosures == [Enclosure(url: "https://site.example/a.mp3", type: "audio/mpeg", length: 1234)])

        // The search index covers the migrated articles.
        // Newest first: the paper's copy is a minute newer; the wire's is folded into it.
        let rain = try store.search("大雨")
        #expect(rain.map(\.article.id) == [2] && Set(rain[0].article.sources) == ["通信社", "Paper"])
        #expect(try store.search("concurrency").map(\.article.id) == [3])
        // Written with fullwidth brackets, found with ASCII ones (schema v12's folding).
        #expect(try store.search("(新聞)").map(\.article.id) == [2])

        let states = try store.fetchStates()
        #expect(states["https://wire.example/feed"]?.etag == "\"e1\"")
        if version >= 2 {
            #expect(states["https://wire.example/feed"]?.bodyHash == "abc123")
            #expect(states["https://wire.example/feed"]?.updateInterval == 3600)
            #expect(states["https://paper.example/feed"]?.movedTo == "https://paper.example/new")
        }
    }

    @Test("an upgraded database goes on working: a re-fetch keeps read state and first seen, dedupe joins new twins",
          arguments: FixtureDatabases.releasedVersions)
    func upgradedKeepsWorking(version: Int) throws {
        let temp = try TemporaryDirectory()
        let (store, _) = try upgradedCopy(of: version, in: temp)
        let tabs = [Tab(name: "ニュース", feeds: [Subscription(url: "https://wire.example/feed"),
                                                 Subscription(url: "https://paper.example/feed", title: "新聞社")]),
                    Tab(name: "Tech", feeds: [Subscription(url: "https://paper.example/feed")])]
        try store.syncTabs(tabs)
        let refetch = Feed(format: .rss20, title: "Wire", articles: [
            Article(id: "w-1", title: "東京都で大雨（更新）", link: "https://site.example/rain", published: date(1_577_836_000)),
        ])
        #expect(try store.store(refetch, from: "https://wire.example/feed", fetchedAt: date(1_578_000_000)) == 0)
        // p-3 is the paper's copy of the wire's stored Swift story: stored, but no new story.
        let paper = Feed(format: .rss20, title: "Paper", articles: [
            Article(id: "p-3", title: "New", link: "https://site.example/swift/#x", published: date(1_577_900_000)),
        ])
        #expect(try store.store(paper, from: "https://paper.example/feed", fetchedAt: date(1_578_000_000)) == 0)
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.first { $0.id == 1 }?.title == "東京都で大雨（更新）")
        #expect(rows.first { $0.id == 1 }?.isRead == true)
        #expect(rows.first { $0.id == 1 }?.firstSeen == date(1_577_836_800))
        // The new article is a twin of the starred Swift story: no new row, and it arrives starred.
        #expect(rows.count == 3)
        #expect(try store.search("New").map(\.article.isStarred) == [true])
        #expect(try store.search("更新", inTabs: ["ニュース"]).map(\.article.id) == [1])
    }
}
