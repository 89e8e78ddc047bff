// Syncing the tabs is skipped when the config's tabs are the ones last synced.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Sync digest")
struct SyncDigestTests {
    @Test("unchanged tabs are not written again; any change to what is stored is")
    func skipsUnchanged() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        let store = try FeedStore(path: path)
        let raw = try RawConnection(path: path)
        let tabs = [Tab(name: "A", color: .named(.red), feeds: [Subscription(url: "https://a.example/rss", title: "A")])]
        try store.syncTabs(tabs)
        // A mark no sync would leave: seen again only if the second sync skipped its work.
        try raw.execute("UPDATE tab_feeds SET title = 'marked'")
        try store.syncTabs(tabs)
        #expect(try raw.texts("SELECT title FROM tab_feeds") == ["marked"])
        var retitled = tabs
        retitled[0].feeds[0].title = "B"
        try store.syncTabs(retitled)
        #expect(try raw.texts("SELECT title FROM tab_feeds") == ["B"])
        var recoloured = retitled
        recoloured[0].color = .named(.blue)
        try store.syncTabs(recoloured)
        #expect(try raw.texts("SELECT color FROM tabs") == ["blue"])
        #expect(try raw.integer("SELECT COUNT(*) FROM synced_tabs") == 1)
    }
}
