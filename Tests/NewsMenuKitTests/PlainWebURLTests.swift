// The byte-level check of plain feed URLs agrees with Foundation's parser on everything it
// accepts, and leaves every unusual URL to that parser.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Plain web URLs")
struct PlainWebURLTests {
    @Test("what the quick check accepts, Foundation parses as http(s) with that host",
          arguments: [
              "https://feed1.example/rss", "http://a.example", "HTTPS://News.Example.COM:8443/a/b.xml?x=1&y=%E6%9D%B1#top",
              "https://a.example/p;v=1/(x)*+,!$'~@:/?q=a/b?c", "http://127.0.0.1:8080/feed", "https://a-b.c-d.example/",
              "http://a.example?q", "http://a.example#f",
          ])
    func acceptedMatchesFoundation(_ text: String) throws {
        #expect(PlainWebURL.isValid(text))
        let url = try #require(URL(string: text))
        #expect(["http", "https"].contains(url.scheme?.lowercased()))
        let afterScheme = text[try #require(text.range(of: "://")).upperBound...]
        let host = afterScheme.prefix { !":/?#".contains($0) }
        #expect(url.host?.lowercased() == host.lowercased())
    }

    @Test("anything unusual is left to Foundation",
          arguments: [
              "", "https://", "ftp://a.example/", "file:///tmp/a.xml", "https:/a.example/", "https://a b.example/",
              "https://a.example/a b", "https://a.example/%zz", "https://a.example/%4", "https://[::1]/feed",
              "https://user@a.example/", "https://a.example:0/", "https://a.example:99999/", "https://a.example:/",
              "https://a.example/東京", "https://東京.example/", "https://a.example/a#b#c", "https://a.example/{x}",
              "https://a.example/a\\b", "https://a.example/\"q\"", "https://a.example/<b>", "https://a.example/a|b",
              "http\u{1A}//a.example/", "https://a.example:80x/",
          ])
    func unusualIsLeftToFoundation(_ text: String) {
        #expect(!PlainWebURL.isValid(text))
    }
}
