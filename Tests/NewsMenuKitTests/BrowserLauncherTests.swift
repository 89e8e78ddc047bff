// How $BROWSER becomes argument vectors: the link is always one whole argument.
import Testing
@testable import NewsMenuKit

@Suite("Browser commands")
struct BrowserLauncherTests {
    private let link = "https://example.org/a?x=1;rm${IFS}-rf&y=$(touch /tmp/x) b"

    @Test("each command of the colon-separated list is tried in order, then xdg-open")
    func list() {
        #expect(BrowserLauncher.commands(for: link, browser: "firefox:w3m -N") == [
            ["firefox", link], ["w3m", "-N", link], ["xdg-open", link],
        ])
        #expect(BrowserLauncher.commands(for: link, browser: nil) == [["xdg-open", link]])
        #expect(BrowserLauncher.commands(for: link, browser: "::") == [["xdg-open", link]])
    }

    @Test("%s stands for the link inside a word, which stays one argument; %% is a percent sign")
    func substitution() {
        #expect(BrowserLauncher.commands(for: link, browser: "lynx --url=%s --pct=100%%").first
                == ["lynx", "--url=" + link, "--pct=100%"])
    }

    @Test("only web and gopher links open; javascript:, file: and option-like text do not", arguments: [
        ("https://example.org/", true), ("HTTP://EXAMPLE.ORG", true), ("gemini://example.org", true),
        ("javascript:alert(1)", false), ("file:///etc/passwd", false), ("--help", false),
        ("https://example.org/\nx", false),
    ])
    func openable(link: String, expected: Bool) {
        #expect(BrowserLauncher.isOpenable(link) == expected)
    }
}
