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

    @Test("a refused link's message names its scheme and the schemes that open", arguments: [
        ("javascript:alert(1)", "not opening a javascript: link (newsmenu opens only http, https, gopher and gemini links)"),
        ("FILE:///etc/passwd", "not opening a FILE: link (newsmenu opens only http, https, gopher and gemini links)"),
        ("--help", "not opening a link without a scheme (newsmenu opens only http, https, gopher and gemini links)"),
        ("https://example.org/\nx",
         "not opening a link with a line break in it (newsmenu opens only http, https, gopher and gemini links)"),
        ("x" + String(repeating: "y", count: 300) + ":z",
         "not opening a x\(String(repeating: "y", count: 19))…: link (newsmenu opens only http, https, gopher and gemini links)"),
    ])
    func refusal(link: String, expected: String) {
        #expect(BrowserLauncher.refusal(for: link) == expected)
    }

    @Test("an openable link has no refusal", arguments: ["https://example.org/", "gopher://example.org/1", "HTTP://E.ORG"])
    func noRefusal(link: String) {
        #expect(BrowserLauncher.refusal(for: link) == nil)
    }
}
