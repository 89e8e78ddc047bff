// `newsmenu show` and `newsmenu tabs` run as a user would, on feeds stored from file: URLs:
// styles, colour modes, layouts, paging, new-since-last-look, JSON, and the tabs listing.
import Foundation
import Testing
import NewsRender
import NewsTestSupport

@Suite("show and tabs end to end")
struct ShowCommandTests {
    let directory: TemporaryDirectory
    let environment: [String: String]

    /// Two visible tabs (ニュース: 7 articles, テック: 1) and a disabled one, fetched once. The
    /// entries are dated 2020: a century's retention keeps those a later fetch adds news
    /// (one older than retention.days that a feed adds later arrives read).
    init() throws {
        directory = try TemporaryDirectory()
        try Self.writeFeed(in: directory, name: "news.atom", entries: 1...7)
        try Self.writeFeed(in: directory, name: "tech.atom", entries: 100...100)
        let config = try directory.write("feeds.json", """
            {"tabs": [
              {"name": "ニュース", "color": "#ff8800", "feeds": ["file://\(directory.path)/news.atom"]},
              {"name": "テック", "feeds": ["file://\(directory.path)/tech.atom"]},
              {"name": "隠し", "enabled": false, "feeds": ["file://\(directory.path)/tech.atom"]}
            ], "retention": {"days": 36500}}
            """)
        environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db", "COLUMNS": "60"]
        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 0)
    }

    /// An Atom feed whose entry `n` is titled `記事 n` and dated n minutes into 2020.
    private static func writeFeed(in directory: TemporaryDirectory, name: String, entries: ClosedRange<Int>) throws {
        let items = entries.map { number in
            """
            <entry><title>記事 \(number)</title><id>urn:entry:\(number)</id>
            <link href="https://example.org/\(number)"/>
            <published>2020-01-01T\(String(format: "%02d:%02d", number / 60, number % 60)):00Z</published>
            <summary type="html">要約 \(number) &lt;b&gt;太字&lt;/b&gt;</summary></entry>
            """
        }.joined(separator: "\n")
        try directory.write(name, """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>\(name)</title><id>urn:\(name)</id>
            <updated>2020-01-01T00:00:00Z</updated>
            \(items)
            </feed>
            """)
    }

    private func show(_ arguments: [String], _ extra: [String: String] = [:]) throws -> NewsmenuRun {
        try NewsmenuProcess.run(["show"] + arguments, environment: environment.merging(extra) { $1 })
    }

    private func lines(_ run: NewsmenuRun) -> [String] {
        run.stdout.split(separator: "\n").map(String.init)
    }

    private func json(_ run: NewsmenuRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// Every line of a printed frame fits `width`, with no blanks padding it (for files and
    /// diffs), and the frame reaches it: the rule under the tabs, the articles' dates.
    private func fitsWithoutPadding(_ run: NewsmenuRun, width: Int, ambiguousWide: Bool = false) -> Bool {
        let widths = lines(run).map { DisplayWidth.width(of: $0, ambiguousWide: ambiguousWide) }
        return widths.allSatisfy { $0 <= width } && widths.contains(width) && !lines(run).contains { $0.hasSuffix(" ") }
    }

    @Test("each style prints a distinct frame whose every line fits the width unpadded, with a footer")
    func styles() throws {
        var frames: [String] = []
        for style in MenuStyle.allCases {
            let run = try show(["--style", style.rawValue, "--color", "never"])
            #expect(run.status == 0)
            #expect(fitsWithoutPadding(run, width: 60), "\(run.stdout)")
            #expect(lines(run).last?.contains("page 1/1 · 7 articles") == true)
            #expect(run.stdout.contains("記事 7") && !run.stdout.contains("隠し"))
            frames.append(run.stdout)
        }
        #expect(Set(frames).count == 4)
        #expect(frames[3].contains("╭") && frames[3].contains("│ ニュース 7 │"))
    }

    @Test("the config's style is used unless --style says otherwise; a bad one is a usage error")
    func configStyle() throws {
        let config = try String(contentsOfFile: environment["NEWSMENU_CONFIG"] ?? "", encoding: .utf8)
        let hackaConfig = try directory.write("hacka.json", config.replacingOccurrences(of: "{\"tabs\"", with: "{\"style\": \"hacka\", \"tabs\""))
        let fromConfig = try show(["--color", "never"], ["NEWSMENU_CONFIG": hackaConfig])
        #expect(fromConfig.stdout == (try show(["--color", "never", "--style", "hacka"])).stdout)
        let overridden = try show(["--color", "never", "--style", "plain"], ["NEWSMENU_CONFIG": hackaConfig])
        #expect(!overridden.stdout.contains("╭"))
        let bad = try show(["--style", "fancy"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("newsmenu: option '--style' takes plain, tab, smart or hacka, not 'fancy'\n"))
        let badConfig = try directory.write("bad.json", config.replacingOccurrences(of: "{\"tabs\"", with: "{\"style\": \"fancy\", \"tabs\""))
        let refused = try show([], ["NEWSMENU_CONFIG": badConfig])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("\(badConfig):1:11: style: \"fancy\" is not one of plain, tab, smart, hacka"))
    }

    @Test("TERM=dumb is plain ASCII even with --color always; always colours despite NO_COLOR; a pipe gets none")
    func colorModes() throws {
        let dumb = try show(["--color", "always", "--style", "hacka"], ["TERM": "dumb"])
        #expect(dumb.status == 0)
        #expect(!dumb.stdout.contains("\u{1B}"))
        #expect(dumb.stdout.unicodeScalars.allSatisfy { $0.isASCII || $0.properties.isIdeographic
                                                       || ("\u{3040}"..."\u{30FF}").contains($0) })
        let always = try show(["--color", "always"], ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(always.stdout.contains("\u{1B}[38;5;"))
        let truecolor = try show(["--color", "always"], ["COLORTERM": "truecolor"])
        #expect(truecolor.stdout.contains("\u{1B}[38;2;255;136;0m"))
        let piped = try show([], ["TERM": "xterm-256color"])
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(piped.stdout.contains("━"))
    }

    @Test("comfortable adds a summary line from 100 columns; --layout compact keeps one line each")
    func layouts() throws {
        let wide = try show(["--color", "never"], ["COLUMNS": "100"])
        #expect(wide.stdout.contains("要約 7 太字"))
        let compact = try show(["--color", "never", "--layout", "compact"], ["COLUMNS": "100"])
        #expect(!compact.stdout.contains("要約"))
        #expect(lines(wide).count == lines(compact).count + 7)
        let narrow = try show(["--color", "never", "--layout", "comfortable"])
        #expect(narrow.stdout.contains("要約 7"))
    }

    @Test("with --ambiguous-wide every line fits the width counting ambiguous characters as two")
    func ambiguousWide() throws {
        let run = try show(["--color", "never", "--ambiguous-wide", "--style", "smart"])
        #expect(run.status == 0)
        #expect(fitsWithoutPadding(run, width: 60, ambiguousWide: true), "\(run.stdout)")
        #expect(run.stdout != (try show(["--color", "never", "--style", "smart"])).stdout)
    }

    @Test("--page and --limit page through the tab; a page past the end names the page count")
    func paging() throws {
        let second = try show(["--color", "never", "--limit", "3", "--page", "2"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("記事 4") && second.stdout.contains("記事 2"))
        #expect(!second.stdout.contains("記事 5") && !second.stdout.contains("記事 1 "))
        #expect(lines(second).last?.contains("page 2/3 · 7 articles") == true)
        let japanese = try show(["--color", "never", "--limit", "3", "--page", "3"], ["LANG": "ja_JP.UTF-8"])
        #expect(lines(japanese).last?.contains("3/3 · 7件") == true)
        let past = try show(["--limit", "3", "--page", "4"])
        #expect(past.status == 64)
        #expect(past.stderr.hasPrefix("newsmenu: page 4 is past the end: the tab 'ニュース' has 3 pages (7 articles, up to 3 a page)\n"))
        let zero = try show(["--page", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr.hasPrefix("newsmenu: option '--page' needs a whole number from 1 to 1000000, not '0'"))
        let huge = try show(["--limit", "9223372036854775807", "--page", "2"])
        #expect(huge.status == 64)
    }

    @Test("show --json gives the tabs' counts and the page's articles, and does not count as a look")
    func showJSON() throws {
        let run = try show(["--json", "--limit", "2", "--page", "2", "--tab", "ニュース"])
        #expect(run.status == 0)
        let object = try json(run)
        #expect(Array(object.keys).sorted() == ["articles", "page", "page_count", "selected", "tabs"])
        #expect(object["selected"] as? String == "ニュース")
        #expect(object["page"] as? Int == 2)
        #expect(object["page_count"] as? Int == 4)
        let tabs = try #require(object["tabs"] as? [[String: Any]])
        #expect(tabs.map { $0["name"] as? String } == ["ニュース", "テック"])
        #expect(tabs[0]["color"] as? String == "#ff8800" && tabs[1]["color"] is NSNull)
        #expect(tabs.map { $0["unread"] as? Int } == [7, 1] && tabs.map { $0["total"] as? Int } == [7, 1])
        #expect(tabs.map { $0["selected"] as? Bool } == [true, false])
        let articles = try #require(object["articles"] as? [[String: Any]])
        #expect(articles.map { $0["title"] as? String } == ["記事 5", "記事 4"])
        let first = articles[0]
        #expect(Set(first.keys) == ["id", "title", "link", "sources", "published", "first_seen", "read", "starred", "new"])
        #expect(first["sources"] as? [String] == ["news.atom"])
        #expect(first["published"] as? String == "2020-01-01T00:05:00Z")
        #expect((first["first_seen"] as? String)?.hasSuffix("Z") == true)
        #expect(first["read"] as? Bool == false && first["new"] as? Bool == false)
        // Still never looked at: a second JSON run sees nothing new either way.
        let again = try json(try show(["--json"]))
        #expect((again["tabs"] as? [[String: Any]])?.map { $0["new"] as? Int } == [0, 0])
    }

    @Test("articles that arrive after a printed look are new, in the frame, the JSON and tabs, until the next look")
    func newSinceLastLook() throws {
        #expect(try show(["--color", "never"]).status == 0)
        try Self.writeFeed(in: directory, name: "news.atom", entries: 1...9)
        // first_seen is kept in whole seconds: wait for a later second than the look.
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try NewsmenuProcess.run(["fetch", "--force"], environment: environment).status == 0)

        let data = try json(try show(["--json"]))
        #expect((data["tabs"] as? [[String: Any]])?.map { $0["new"] as? Int } == [2, 0])
        let flags = (data["articles"] as? [[String: Any]])?.map { ($0["title"] as? String ?? "", $0["new"] as? Bool ?? false) }
        #expect(flags?.filter(\.1).map(\.0) == ["記事 9", "記事 8"])
        let listing = try NewsmenuProcess.run(["tabs"], environment: environment)
        #expect(lines(listing).dropFirst().first == "ニュース       9      9    2")

        let frame = try show(["--color", "never"])
        #expect(lines(frame).contains { $0.hasPrefix("✦  記事 9") })
        #expect(lines(frame).contains { $0.hasPrefix("●  記事 7") })
        let next = try show(["--color", "never"])
        #expect(!next.stdout.contains("✦"))
    }

    @Test("a disabled tab is named as disabled, not unknown, by show, fetch, read and search (exit 64)")
    func disabledTab() throws {
        let configPath = try #require(environment["NEWSMENU_CONFIG"])
        for arguments in [["show", "--print", "--tab", "隠し"], ["fetch", "--tab", "隠し"], ["read", "--tab", "隠し", "--all"],
                          ["search", "記事", "--tab", "隠し"]] {
            let run = try NewsmenuProcess.run(arguments, environment: environment)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix("newsmenu: tab '隠し' is disabled (\"enabled\": false in \(configPath))\n"),
                    "\(arguments): \(run.stderr)")
        }
    }

    @Test("show --json and search --json give the feed's own date as published, null for an undated item, in the order the menu sorts")
    func publishedIsTheFeedsDate() throws {
        let dated = try TemporaryDirectory()
        let items = [("D nodate", nil), ("D bogus date", "not a date"), ("D tomorrow", "Wed, 01 Jan 2100 00:00:00 GMT"),
                     ("D old", "Wed, 01 Jan 2020 09:00:00 GMT")].map { title, date in
            "<item><title>\(title)</title><guid>\(title)</guid>" + (date.map { "<pubDate>\($0)</pubDate>" } ?? "") + "</item>"
        }
        try dated.write("d.rss", "<rss version=\"2.0\"><channel><title>D</title>\(items.joined())</channel></rss>")
        let config = try dated.write("feeds.json", "{\"tabs\": [{\"name\": \"D\", \"feeds\": [\"file://\(dated.path)/d.rss\"]}]}")
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": dated.path + "/news.db"]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        let expected: [String: String?] = ["D nodate": nil, "D bogus date": nil, "D tomorrow": "2100-01-01T00:00:00Z",
                                           "D old": "2020-01-01T09:00:00Z"]

        let show = try json(try NewsmenuProcess.run(["show", "--json"], environment: environment))
        let articles = try #require(show["articles"] as? [[String: Any]])
        // Sorted as before: the future date and the undated ones by when they were first seen.
        #expect(articles.compactMap { $0["title"] as? String }.last == "D old")
        let search = try NewsmenuProcess.run(["search", "D", "--json"], environment: environment)
        let results = try #require(try json(search)["results"] as? [[String: Any]])
        for rows in [articles, results] {
            #expect(rows.count == 4)
            for row in rows {
                let title = try #require(row["title"] as? String)
                #expect(row["published"] as? String == expected[title] ?? nil, "\(title)")
                #expect(row["published"] as? String != nil || row["published"] is NSNull, "\(title)")
            }
        }
    }

    @Test("tabs lists the visible tabs aligned, and as JSON")
    func tabsCommand() throws {
        let text = try NewsmenuProcess.run(["tabs"], environment: environment)
        #expect(text.status == 0)
        #expect(lines(text) == [
            "TAB       UNREAD  TOTAL  NEW",
            "ニュース       7      7    0",
            "テック         1      1    0",
        ])
        let data = try NewsmenuProcess.run(["tabs", "--json"], environment: environment)
        let rows = try #require(JSONSerialization.jsonObject(with: Data(data.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["ニュース", "テック"])
        #expect(Set(rows[0].keys) == ["name", "color", "unread", "total", "new"])
        #expect(rows[0]["total"] as? Int == 7)
    }

    @Test("an empty tab's line names the command that fills it, on the files the user named")
    func emptyTabHints() throws {
        let config = try directory.write("empty.json", """
            {"tabs": [
              {"name": "未取得", "feeds": ["file://\(directory.path)/news.atom"]},
              {"name": "Tom's", "feeds": []},
              {"name": "壊れ", "feeds": ["file://\(directory.path)/missing.atom"]},
              {"name": "空フィード", "feeds": ["file://\(directory.path)/empty.atom"]}
            ]}
            """)
        let database = directory.path + "/my db.db"
        // The config comes from the environment: only the --db given is repeated.
        let options = " --db '\(database)'"
        let unfetched = try show(["--print", "--db", database], ["NEWSMENU_CONFIG": config, "COLUMNS": "160"])
        #expect(unfetched.status == 0)
        #expect(unfetched.stdout.contains("No articles yet — run `newsmenu fetch\(options)`"), "\(unfetched.stdout)")
        let noFeeds = try show(["--print", "--tab", "Tom's", "--db", database], ["NEWSMENU_CONFIG": config, "COLUMNS": "160"])
        #expect(noFeeds.status == 0)
        #expect(noFeeds.stdout.contains("No feeds in this tab — newsmenu add URL --tab 'Tom'\\''s'\(options)"),
                "\(noFeeds.stdout)")
        try directory.write("empty.atom", """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>空</title><id>urn:empty</id><updated>2020-01-01T00:00:00Z</updated></feed>
            """)
        // After a fetch in which the tab's one feed failed, fetching again is not the answer.
        let fetch = try NewsmenuProcess.run(["fetch", "--db", database], environment: environment.merging(["NEWSMENU_CONFIG": config]) { $1 })
        #expect(fetch.status == 1)
        let failing = try show(["--print", "--tab", "壊れ", "--db", database], ["NEWSMENU_CONFIG": config, "COLUMNS": "200"])
        #expect(failing.stdout.contains("No articles: every feed of this tab failed at its last fetch — `newsmenu status\(options)` says why"),
                "\(failing.stdout)")
        // Nor for a tab whose feeds were fetched and held nothing.
        let empty = try show(["--print", "--tab", "空フィード", "--db", database], ["NEWSMENU_CONFIG": config, "COLUMNS": "100"])
        #expect(empty.stdout.contains("No articles: this tab's feeds held none at their last fetch"), "\(empty.stdout)")
    }
}
