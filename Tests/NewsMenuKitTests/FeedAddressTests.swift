// What `newsmenu add` makes of the address it is given, before anything is downloaded.
import Testing
@testable import NewsMenuKit

@Suite("Feed addresses for add")
struct FeedAddressTests {
    @Test("a feed: URL becomes the web address it stands for, scheme and host lowercased", arguments: [
        ("feed://Example.ORG/rss", "http://example.org/rss"),
        ("feed:https://example.org/atom.xml", "https://example.org/atom.xml"),
        ("FEED://https://Example.org/feed?x=1", "https://example.org/feed?x=1"),
        ("HTTPS://Example.org/Path", "https://example.org/Path"),
    ])
    func feedScheme(given: String, url: String) throws {
        #expect(try FeedAddress.url(from: given) == url)
    }

    @Test("a feed: URL of anything but the web is refused, naming what was given")
    func feedSchemeOfNothingWeb() {
        #expect(throws: CommandFailure.self) { try FeedAddress.url(from: "feed:gopher://example.org/1") }
        #expect(FeedAddress.unwrappingFeedScheme("feed:gopher://example.org/1") == "feed:gopher://example.org/1")
    }
}
