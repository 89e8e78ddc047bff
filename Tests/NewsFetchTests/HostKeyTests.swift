// Which fetches share a per-host cap: the key politeness is counted under.
import Testing
@testable import NewsFetch

@Suite("Per-host key")
struct HostKeyTests {
    @Test("one host name is one key, whatever the scheme, port or case", arguments: [
        "http://feeds.example.com/a", "http://feeds.example.com:80/b", "https://feeds.example.com/c",
        "HTTPS://Feeds.Example.COM:443/d", "http://FEEDS.example.com:8080/e",
    ])
    func oneHostOneKey(url: String) {
        #expect(FetchInProgress.hostKey(of: url) == FetchInProgress.hostKey(of: "http://feeds.example.com/"))
    }

    @Test("other host names are other keys")
    func otherHosts() {
        #expect(FetchInProgress.hostKey(of: "http://a.example.com/") != FetchInProgress.hostKey(of: "http://b.example.com/"))
        #expect(FetchInProgress.hostKey(of: "http://127.0.0.1/") != FetchInProgress.hostKey(of: "http://localhost/"))
    }
}
