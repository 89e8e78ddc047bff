// A config whose feeds put terminal-driving text in every field a reader shows: a JSON Feed
// (any character can be escaped into JSON), an RSS feed with the control and bidi
// characters XML allows as references, an RSS feed with raw escape bytes XML forbids, a
// missing file and a web page whose URLs and titles carry escapes, and a permanent redirect
// to such a URL. A recording browser shows whether anything was opened.
import Foundation
import NewsTestSupport
#if canImport(Glibc)
import Glibc
#endif

final class HostileTextWorld {
    /// Every way text could try to drive a terminal: colour (CSI), a hyperlink (OSC 8), a
    /// clipboard write (OSC 52), a window title (OSC 0 ended by ESC \), C1 CSI and OSC, a
    /// bidi override and isolate, NUL, DEL, backspace and BEL.
    static let payload = "A\u{1B}[31mB\u{1B}]8;;https://evil.example/\u{07}C\u{1B}]52;c;cHduZWQ=\u{07}D"
        + "\u{1B}]0;owned\u{1B}\\E\u{9B}2JF\u{9D}0;x\u{9C}G\u{202E}H\u{2066}I\u{00}J\u{7F}K\u{08}L\u{07}M"
    /// What of `payload` XML 1.0 can carry as character references: C1 controls, bidi, DEL.
    static let xmlPayload = "A&#x9B;[2JB&#x9D;0;x&#x9C;C&#x202E;D&#x2066;E&#x7F;F"
    /// The first tab's name: a right-to-left override in it (a control character would be
    /// refused by the config's check: ConfigTests).
    static let tabName = "Hostile\u{202E} tab"

    let directory: TemporaryDirectory
    let server: LoopbackHTTPServer
    let environment: [String: String]
    var path: String { directory.path }

    init() throws {
        let directory = try TemporaryDirectory()
        self.directory = directory
        try directory.write("hostile.json", Self.jsonFeed())
        try directory.write("hostile.rss", Self.referenceFeed())
        try directory.write("raw.rss", Self.rawFeed())
        let rss = Data(try String(contentsOfFile: directory.path + "/hostile.rss", encoding: .utf8).utf8)
        server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/page.html":
                return .init(contentType: "text/html", body: Self.webPage())
            case "/moved":
                return .init(status: 301, headers: ["Location": "/hostile\u{202E}.rss?\u{1B}]0;moved\u{07}"])
            default:
                return .init(headers: ["Content-Type": "application/rss+xml"], body: rss)
            }
        }
        let browser = try directory.write("browser.sh", """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument" >> '\(directory.path)/opened'; done
            """)
        chmod(browser, 0o755)
        let config: [String: Any] = ["tabs": [
            ["name": Self.tabName, "feeds": [
                ["url": "file://\(directory.path)/hostile.json", "title": "Config title \u{1B}]0;x\u{07}" + Self.payload],
                "file://\(directory.path)/hostile.rss",
                "file://\(directory.path)/raw.rss",
            ]],
            ["name": "Faults", "feeds": [
                "file://\(directory.path)/missing\u{1B}]0;owned\u{07}\u{202E}.xml",
                server.baseURL + "/page.html",
                server.baseURL + "/moved",
            ]],
        ]]
        let configPath = try directory.write("feeds.json", String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self))
        environment = ["NEWSMENU_CONFIG": configPath, "NEWSMENU_DB": directory.path + "/news.db",
                       "XDG_STATE_HOME": directory.path + "/state", "BROWSER": "\(browser) %s"]
    }

    /// Whether the browser was started for anything.
    var anythingOpened: Bool { FileManager.default.fileExists(atPath: path + "/opened") }

    private static func jsonFeed() throws -> String {
        let feed: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1",
            "title": "Hostile JSON " + payload,
            "home_page_url": "https://example.org/" + payload,
            "items": [
                ["id": "j1" + payload, "title": "Hostile title " + payload, "url": "https://example.org/a" + payload,
                 "summary": "Hostile summary " + payload, "content_html": "<p>Hostile content " + payload + "</p>",
                 "authors": [["name": "Hostile author " + payload]], "tags": ["Hostile tag " + payload],
                 "date_published": "2026-11-30T10:00:00Z"],
                ["id": "j2", "title": "Hostile javascript link", "url": "javascript:alert(document.cookie)" + payload,
                 "date_published": "2026-11-30T09:00:00Z"],
                ["id": "j3", "title": "Hostile file link", "url": "file:///etc/passwd", "date_published": "2026-11-30T08:00:00Z"],
            ],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: feed), as: UTF8.self)
    }

    private static func referenceFeed() -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
        <title>Hostile RSS \(xmlPayload)</title><link>https://example.org/\(xmlPayload)</link>
        <description>Channel \(xmlPayload)</description>
        <item><title>Hostile reference \(xmlPayload)</title><link>https://example.org/r\(xmlPayload)</link>
        <guid isPermaLink="false">r1\(xmlPayload)</guid><dc:creator>Writer \(xmlPayload)</dc:creator>
        <category>Topic \(xmlPayload)</category><description><![CDATA[<b>Summary \(xmlPayload)</b>]]></description>
        <pubDate>Mon, 30 Nov 2026 07:00:00 GMT</pubDate></item>
        </channel></rss>
        """
    }

    /// Raw ESC, BEL and NUL bytes, which XML forbids: libxml2's recovery reads what it can.
    private static func rawFeed() -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Raw \u{1B}]0;owned\u{07}bytes</title>
        <item><title>Hostile raw \u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}title</title><link>https://example.org/raw\u{1B}[31m</link>
        <description>Raw \u{9B}31m summary \u{00} end</description><pubDate>Mon, 30 Nov 2026 06:00:00 GMT</pubDate></item>
        </channel></rss>
        """
    }

    /// A web page that advertises feeds under hostile titles and URLs.
    private static func webPage() -> String {
        """
        <!DOCTYPE html><html><head><title>Page \u{1B}]0;owned\u{07}</title>
        <link rel="alternate" type="application/rss+xml" title="Feed \u{1B}]52;c;cHduZWQ=\u{07}\u{202E}" href="/feed\u{1B}[2J.rss">
        <link rel="alternate" type="application/atom+xml" title="Atom &#x9B;2J &#x202E;" href="/atom&#x9D;0;x&#x9C;.xml">
        </head><body>not a feed</body></html>
        """
    }
}
