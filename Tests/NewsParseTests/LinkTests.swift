// Link resolution through a real parse: xml:base, the document URL, and links left alone.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Links")
struct LinkTests {
    private func link(_ href: String, base: String? = nil, documentURL: String?) throws -> String? {
        let baseAttribute = base.map { " xml:base=\"\($0)\"" } ?? ""
        let xml = "<rss version=\"2.0\"><channel\(baseAttribute)><item><title>t</title><link>\(href)</link></item></channel></rss>"
        return try FeedParser.parse(Data(xml.utf8), documentURL: documentURL).articles.first?.link
    }

    static let cases: [(href: String, base: String?, documentURL: String?, expected: String?)] = [
        ("https://other.example.org/a?b=1&amp;c=2", nil, "https://example.com/feed.xml", "https://other.example.org/a?b=1&c=2"),
        ("/posts/1", nil, "https://example.com/blog/feed.xml", "https://example.com/posts/1"),
        ("../up", nil, "https://example.com/blog/feeds/rss.xml", "https://example.com/blog/up"),
        ("?page=2", nil, "https://example.com/list", "https://example.com/list?page=2"),
        ("//cdn.example.net/x.png", nil, "https://example.com/feed", "https://cdn.example.net/x.png"),
        ("記事/最新", nil, "https://example.jp/ニュース/feed.xml",
         "https://example.jp/%E3%83%8B%E3%83%A5%E3%83%BC%E3%82%B9/%E8%A8%98%E4%BA%8B/%E6%9C%80%E6%96%B0"),
        ("entry", "sub/", "https://example.com/root/feed.xml", "https://example.com/root/sub/entry"),
        // Links of other schemes are kept as written, to be shown and never opened.
        ("mailto:editor@example.com", nil, "https://example.com/feed", "mailto:editor@example.com"),
        ("JavaScript:alert(1)", "sub/", "https://example.com/feed", "JavaScript:alert(1)"),
        ("relative/only", nil, nil, "relative/only"),
    ]

    @Test("relative links resolve against xml:base and the document URL; absolute ones are untouched", arguments: cases)
    func resolves(_ example: (href: String, base: String?, documentURL: String?, expected: String?)) throws {
        #expect(try link(example.href, base: example.base, documentURL: example.documentURL) == example.expected)
    }
}
