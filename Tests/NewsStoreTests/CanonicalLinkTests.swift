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
