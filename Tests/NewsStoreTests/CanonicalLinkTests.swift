// The canonical form of article links that dedupe compares.
import Testing
@testable import NewsStore

@Suite("Canonical links")
struct CanonicalLinkTests {
    @Test("scheme and host are lower-cased, the path keeps its case",
          arguments: [("HTTPS://News.Example.COM/Story/A", "https://news.example.com/Story/A"),
                      ("http://User:Pw@Example.org/x", "http://User:Pw@example.org/x")])
    func caseRules(link: String, canonical: String) {
        #expect(CanonicalLink.of(link) == canonical)
    }

    @Test("utm_*, fbclid and gclid are dropped and other parameters kept in order",
          arguments: [("https://a.example/s?utm_source=rss&id=7&UTM_Medium=x&fbclid=abc", "https://a.example/s?id=7"),
                      ("https://a.example/s?gclid=1&utm_campaign=2", "https://a.example/s"),
                      ("https://a.example/s?b=2&a=1", "https://a.example/s?b=2&a=1")])
    func trackingParameters(link: String, canonical: String) {
        #expect(CanonicalLink.of(link) == canonical)
    }

    @Test("a trailing slash and the fragment make no difference")
    func slashAndFragment() {
        let forms = ["https://a.example/story/", "https://a.example/story#comments", "https://a.example/story/#top",
                     "https://A.example/story?utm_source=x#y", " https://a.example/story "]
        #expect(Set(forms.compactMap(CanonicalLink.of)) == ["https://a.example/story"])
        #expect(CanonicalLink.of("https://a.example/") == "https://a.example")
    }

    @Test("different stories stay different, and a blank link has no canonical form")
    func distinctAndBlank() {
        #expect(CanonicalLink.of("https://a.example/story?id=1") != CanonicalLink.of("https://a.example/story?id=2"))
        #expect(CanonicalLink.of("http://a.example/s") != CanonicalLink.of("https://a.example/s"))
        #expect(CanonicalLink.of(nil) == nil && CanonicalLink.of("  ") == nil)
    }

    @Test("a link that is not a web link has no canonical form: it names no story", arguments: [
        "javascript:void(0)", "JavaScript:alert(1)", "mailto:desk@example.com", "file:///etc/passwd", "data:text/html,x",
        "gemini://example.org/a",
    ])
    func nonWebLinks(link: String) {
        #expect(CanonicalLink.of(link) == nil)
    }

    @Test("ASCII links and links with other characters follow the same rules",
          arguments: [("HTTPS://User@Ex.COM/A//?=utm_x&&b=1#f", "https://User@ex.com/A?b=1"),
                      ("HTTPS://User@Ex.COM/ニュース//?=utm_x&&b=1#f", "https://User@ex.com/ニュース?b=1"),
                      ("https://ニュース.EXAMPLE/S?==UTM_a=1&Fbclid&x", "https://ニュース.example/S?x"),
                      ("https://news.EXAMPLE/S?==UTM_a=1&Fbclid&x", "https://news.example/S?x"),
                      ("\tHTTP://A.example/s\n", "http://a.example/s"),
                      ("/relative/Path/?q=1&utm_=2", "/relative/Path?q=1"),
                      ("ex.com?u=http://Other.example/", "ex.com?u=http://other.example")])
    func asciiAndUnicodePaths(link: String, canonical: String) {
        #expect(CanonicalLink.of(link) == canonical)
    }

    @Test("the key is the same for equal links and differs for different ones")
    func keys() {
        #expect(CanonicalLink.key("https://a.example/s") == CanonicalLink.key("https://a.example/s"))
        #expect(CanonicalLink.key("https://a.example/s") != CanonicalLink.key("https://a.example/t"))
        // FNV-1a of the empty string is its offset basis: the key is not process-seeded.
        #expect(CanonicalLink.key("") == Int64(bitPattern: 0xcbf2_9ce4_8422_2325))
    }

    @Test("hashing text piece by piece gives the key of the pieces joined")
    func piecewiseHash() {
        var hash = LinkHash()
        for piece in ["https://", "", "ニュース.example", "/s?q=1"] { hash.add(piece) }
        #expect(hash.value == CanonicalLink.key("https://ニュース.example/s?q=1"))
    }
}
