// Issue #10 end to end: a feed's javascript: and file: links are stored and shown (show --json,
// search --json, the interactive view's message), and `o` on them, in the list or on the
// article's page, starts nothing and says why; the same recording browser does start for a web link, so the check can fail.
import Foundation
import Testing
import NewsTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Links that are shown but never opened", .serialized)
struct RefusedLinkTerminalTests {
    static let scriptLink = "javascript:alert(document.cookie)"
    static let fileLink = "file:///etc/passwd"
    static let webLink = "https://example.org/web?a=1&b=2"
    static let allowed = "(newsmenu opens only http, https, gopher and gemini links)"

    /// A feed of a web, a file: and a javascript: link (newest first: script, file, web); a
    /// `BROWSER` and an `xdg-open` first on PATH that each write their arguments to `opened`.
    final class World {
        let directory: TemporaryDirectory
        let environment: [String: String]
        var path: String { directory.path }
        var opened: String { path + "/opened" }

        init() throws {
            let directory = try TemporaryDirectory()
            self.directory = directory
            let path = directory.path
            try MenuFixture.writeFeed(in: directory, name: "links.atom", titles: [
                ("Web link", RefusedLinkTerminalTests.webLink), ("File link", RefusedLinkTerminalTests.fileLink),
                ("Script link", RefusedLinkTerminalTests.scriptLink),
            ])
            try FileManager.default.createDirectory(atPath: path + "/bin", withIntermediateDirectories: true)
            let recorder = "#!/bin/sh\nfor argument in \"$@\"; do printf '%s\\n' \"$argument\" >> '\(path)/opened'; done\n"
            let browser = try directory.write("browser.sh", recorder)
            let xdgOpen = try directory.write("bin/xdg-open", recorder)
            chmod(browser, 0o755)
            chmod(xdgOpen, 0o755)
            let config = try directory.write("feeds.json", """
                {"tabs": [{"name": "Links", "feeds": ["file://\(path)/links.atom"]}]}
                """)
            environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": path + "/news.db", "BROWSER": "\(browser) %s",
                           "PATH": "\(path)/bin:/usr/bin:/bin", "XDG_STATE_HOME": path + "/state"]
            let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
            #expect(fetch.status == 0, "\(fetch.stderr)")
        }
    }

    @Test("show --json and search --json give the javascript: and file: links as the feed wrote them")
    func linksAreStoredAndShown() throws {
        let world = try World()
        let show = try NewsmenuProcess.run(["show", "--json"], environment: world.environment)
        #expect(show.status == 0)
        let showLinks = Set(try Self.links(inJSON: show.stdout))
        #expect(showLinks == [Self.scriptLink, Self.fileLink, Self.webLink], "show --json: \(show.stdout)")
        let search = try NewsmenuProcess.run(["search", "link", "--json"], environment: world.environment)
        #expect(search.status == 0)
        let searchLinks = Set(try Self.links(inJSON: search.stdout))
        #expect(searchLinks == [Self.scriptLink, Self.fileLink, Self.webLink], "search --json: \(search.stdout)")
    }

    @Test("o on a javascript: link, and o on a file: link while reading its article, show the link and why and start nothing; Enter on a web link's page starts the browser")
    func refusedThenOpened() throws {
        let world = try World()
        let pane = try TmuxPane(directory: world.path, columns: 160, rows: 12, environment: world.environment)
        try pane.run("'\(NewsmenuProcess.binary.path)' show; echo EXIT=$?")
        try pane.waitFor("the alternate screen") { try pane.flag("alternate_on") == "1" }
        try pane.waitForSelection(containing: "Script link")

        try pane.keys("o")
        try pane.waitForText("not opening a javascript: link \(Self.allowed): \(Self.scriptLink)")
        try pane.keys("j")
        try pane.waitForSelection(containing: "File link")
        try pane.keys("Enter")
        try pane.waitForText("J K")
        try pane.keys("o")
        try pane.waitForText("not opening a file: link \(Self.allowed): \(Self.fileLink)")
        // The message replaces what the old code did at this point, spawning the browser:
        // once it is on screen, nothing can still be on its way.
        #expect(!FileManager.default.fileExists(atPath: world.opened), "no browser nor xdg-open was started")
        try pane.keys("q")
        try pane.waitForSelection(containing: "File link")
        #expect(try pane.screen().contains("Script link"), "the refused articles stay listed")

        try pane.keys("j")
        try pane.waitForSelection(containing: "Web link")
        try pane.keys("Enter")
        try pane.waitForText("J K")
        try pane.keys("Enter")
        try pane.waitFor("the browser to record the web link") { FileManager.default.fileExists(atPath: world.opened) }
        try pane.waitFor("the view to come back") { try pane.flag("alternate_on") == "1" }
        #expect(try String(contentsOfFile: world.opened, encoding: .utf8) == Self.webLink + "\n")

        try pane.keys("q", "q")
        try pane.waitForText("EXIT=0")
    }

    /// Every "link" value in `output`: one JSON document, or one per line.
    private static func links(inJSON output: String) throws -> [String] {
        let documents: [Any]
        if let whole = try? JSONSerialization.jsonObject(with: Data(output.utf8)) {
            documents = [whole]
        } else {
            documents = try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        }
        var found: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let link = object["link"] as? String { found.append(link) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        documents.forEach(walk)
        return found
    }
}
