// A caller that works on the half of a large feed read first hears of it once, with that
// half's final articles, while the other half is still read, and hears of the join.
import Foundation
import NewsModel
@testable import NewsParse
import Testing

@Suite("Hearing of a large feed's halves as they are read")
struct SplitReadObserverTests {
    /// Writes down what it hears; works on a half until the other half is read.
    private final class Recorder: SplitReadObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var heard: [String] = []
        private(set) var half: (which: DocumentHalf, articles: [Article])?
        private(set) var firstCount: Int?

        var events: [String] { lock.withLock { heard } }

        func splitReadingStarted() {
            lock.withLock { heard.append("started") }
        }

        func halfRead(_ half: DocumentHalf, articles: [Article], otherHalfReading: () -> Bool) {
            // Works for as long as it may: the call must be told when the other half is done.
            while otherHalfReading() {}
            lock.withLock {
                heard.append("half read, other done")
                self.half = (half, articles)
            }
        }

        func halvesJoined(firstCount: Int) {
            lock.withLock {
                heard.append("joined")
                self.firstCount = firstCount
            }
        }
    }

    private static func parse(_ bytes: [UInt8], observer: Recorder) throws -> Feed {
        try FeedParser.parse(Data(bytes), documentURL: "https://example.com/feed.xml", observer: observer)
    }

    @Test("the half read first is handed over once with its articles, the join follows, the feed is unchanged")
    func halfThenJoin() throws {
        let bytes = SplitReadTests.rss()
        let recorder = Recorder()
        let feed = try Self.parse(bytes, observer: recorder)
        #expect(feed == (try SplitReadTests.wholeFeed(bytes)))
        #expect(recorder.events == ["started", "half read, other done", "joined"])
        let firstCount = try #require(recorder.firstCount)
        let half = try #require(recorder.half)
        #expect(firstCount > 0 && firstCount < feed.articles.count)
        switch half.which {
        case .first: #expect(half.articles == Array(feed.articles[..<firstCount]))
        case .second: #expect(half.articles == Array(feed.articles[firstCount...]))
        }
    }

    @Test("a document read whole after a libxml2 error is never reported as joined")
    func wholeIsNotJoined() throws {
        let bytes = SplitReadTests.rss(middle: "<item><title>a & b</title></item>")
        let recorder = Recorder()
        _ = try Self.parse(bytes, observer: recorder)
        #expect(recorder.firstCount == nil)
        #expect(!recorder.events.contains("joined"))
    }

    @Test("halves whose articles change after the join (two items sharing an id) are not reported as joined")
    func changedAfterJoinIsNotJoined() throws {
        // The middle item has the first item's link, its id, with another title.
        let bytes = SplitReadTests.rss(middle: "<item><title>Another story</title><link>https://example.com/a/0</link></item>")
        #expect(SplitReadTests.howRead(bytes) == "joined")
        let recorder = Recorder()
        let feed = try Self.parse(bytes, observer: recorder)
        #expect(recorder.events == ["started", "half read, other done"])
        #expect(recorder.firstCount == nil)
        #expect(Set(feed.articles.map(\.id)).count == feed.articles.count)
    }

    @Test("halves of an Atom feed whose author follows the entries that inherit it are not reported as joined")
    func inheritedAuthorIsNotJoined() throws {
        var text = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Atom</title>\n"
        for index in 0..<1500 {
            text += "<entry><id>urn:e:\(index)</id><title>Entry \(index)</title><content>\(String(repeating: "text ", count: 150))</content></entry>\n"
        }
        let bytes = Array((text + "<author><name>Feed Author</name></author></feed>\n").utf8)
        #expect(SplitReadTests.howRead(bytes) == "joined")
        let recorder = Recorder()
        let feed = try Self.parse(bytes, observer: recorder)
        #expect(recorder.events == ["started", "half read, other done"])
        #expect(feed.articles.count == 1500)
        #expect(feed.articles.allSatisfy { $0.author == "Feed Author" })
    }

    @Test("a small document is not split, so nothing is heard")
    func smallIsSilent() throws {
        let recorder = Recorder()
        let feed = try Self.parse(SplitReadTests.rss(items: 20), observer: recorder)
        #expect(feed.articles.count == 20)
        #expect(recorder.events.isEmpty)
    }
}
