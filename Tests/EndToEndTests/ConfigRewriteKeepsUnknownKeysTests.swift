// Every command that rewrites the config (add, remove, tab …, import) keeps keys newsmenu does
// not know, `_` comment keys, order and formatting; reading commands warn about unknown keys
// on stderr, and `fetch --quiet` (how cron runs it) does not.
import Foundation
import Testing
import NewsTestSupport

@Suite("Config rewrites keep unknown keys")
struct ConfigRewriteKeepsUnknownKeysTests {
    /// Unknown keys at the top, in a tab, in a feed entry and in a section; comment keys too.
    private let original = """
        {
            "_comment": "morning feeds",
            "theme": "dark",
            "tabs": [
                {
                    "name": "ニュース",
                    "icon": "📰",
                    "feeds": [
                        { "url": "https://old.example/rss", "title": "Old", "priority": 2 },
                        { "url": "https://keep.example/rss", "_note": "keep" }
                    ]
                },
                { "name": "Open Source", "sort": "newest", "feeds": [] }
            ],
            "fetch": { "timeout": 20, "proxy": "socks5://127.0.0.1:9050" }
        }

        """

    private let opml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>mine</title></head><body>
        <outline text="ニュース" title="ニュース">
          <outline type="rss" text="Keep" xmlUrl="https://keep.example/rss"/>
          <outline type="rss" text="Tom &amp; Jerry" xmlUrl="https://tj.example/feed"/>
        </outline>
        <outline text="Dev" title="Dev"><outline type="rss" text="LWN" xmlUrl="https://lwn.net/headlines/rss"/></outline>
        </body></opml>
        """

    @Test("add, remove, tab add, rename, move, remove and import each change only their own bytes")
    func everyRewrite() throws {
        let atom = try NewsmenuProcess.fixture("world.atom")
        let server = try LoopbackHTTPServer { request in
            request.path == "/world.atom" ? .init(headers: ["Content-Type": "application/atom+xml"], body: atom) : .init(status: 404)
        }
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", original)
        let opmlFile = try directory.write("mine.opml", opml)
        var expected = original
        func step(_ arguments: [String], _ change: (inout String) -> Void) throws {
            let run = try NewsmenuProcess.run(arguments, environment: ["NEWSMENU_CONFIG": config])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            // The unknown keys are named (the comment keys are not in the list, so never named).
            let warned = run.stderr.split(separator: "\n").compactMap { $0.components(separatedBy: ": ").dropFirst(3).first }
            #expect(warned.allSatisfy { ["theme", "tabs[0].icon", "tabs[1].icon", "tabs[0].feeds[0].priority", "tabs[0].sort", "tabs[1].sort",
                                         "tabs[2].sort", "fetch.proxy"].contains($0) }, "\(arguments): \(run.stderr)")
            #expect(warned.contains("theme") && warned.contains("fetch.proxy"), "\(arguments): \(run.stderr)")
            let before = expected
            change(&expected)
            #expect(expected != before, "the step's expected change is a no-op: \(arguments)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == expected, "after \(arguments)")
            #expect(try String(contentsOfFile: config + ".bak", encoding: .utf8) == before, "the .bak after \(arguments)")
        }
        func replace(_ old: String, _ new: String) -> (inout String) -> Void {
            { text in
                #expect(text.contains(old), "expected text holds \(old)")
                text = text.replacingOccurrences(of: old, with: new)
            }
        }

        try step(["add", server.baseURL + "/world.atom", "--tab", "ニュース"], replace("""
                            { "url": "https://keep.example/rss", "_note": "keep" }

            """, """
                            { "url": "https://keep.example/rss", "_note": "keep" },
                            { "url": "\(server.baseURL)/world.atom", "title": "World Wire" }

            """))
        try step(["remove", "https://old.example/rss"], replace("""
                            { "url": "https://old.example/rss", "title": "Old", "priority": 2 },

            """, ""))
        try step(["tab", "add", "エンタメ"], replace("""
                    { "name": "Open Source", "sort": "newest", "feeds": [] }

            """, """
                    { "name": "Open Source", "sort": "newest", "feeds": [] },
                    {
                        "name": "エンタメ",
                        "feeds": []
                    }

            """))
        try step(["tab", "rename", "Open Source", "OSS"], replace("\"name\": \"Open Source\"", "\"name\": \"OSS\""))
        try step(["tab", "move", "エンタメ", "1"], { text in
            text = """
                {
                    "_comment": "morning feeds",
                    "theme": "dark",
                    "tabs": [
                        {
                            "name": "エンタメ",
                            "feeds": []
                        },
                        {
                            "name": "ニュース",
                            "icon": "📰",
                            "feeds": [
                                { "url": "https://keep.example/rss", "_note": "keep" },
                                { "url": "\(server.baseURL)/world.atom", "title": "World Wire" }
                            ]
                        },
                        { "name": "OSS", "sort": "newest", "feeds": [] }
                    ],
                    "fetch": { "timeout": 20, "proxy": "socks5://127.0.0.1:9050" }
                }

                """
        })
        try step(["tab", "remove", "OSS"], replace("""
                    },
                    { "name": "OSS", "sort": "newest", "feeds": [] }

            """, """
                    }

            """))
        try step(["import", opmlFile], replace("""
                            { "url": "\(server.baseURL)/world.atom", "title": "World Wire" }
                        ]
                    }
                ],
            """, """
                            { "url": "\(server.baseURL)/world.atom", "title": "World Wire" },
                            { "url": "https://tj.example/feed", "title": "Tom & Jerry" }
                        ]
                    },
                    {
                        "name": "Dev",
                        "feeds": [
                            { "url": "https://lwn.net/headlines/rss", "title": "LWN" }
                        ]
                    }
                ],
            """))
    }

    @Test("reading commands warn once per unknown key with file, place, path and suggestion; comments and --quiet are silent")
    func warnings() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", """
            {
              "_comment": "no feeds yet",
              "tabs": [ { "name": "A", "intervl": "1h", "feeds": [] } ],
              "themes": "dark"
            }
            """)
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db",
                           "XDG_STATE_HOME": directory.path + "/state"]
        let tabs = try NewsmenuProcess.run(["tabs"], environment: environment)
        #expect(tabs.status == 0)
        #expect(tabs.stderr == """
            newsmenu: warning: \(config):3:28: tabs[0].intervl: unknown key, ignored (did you mean `interval`?)
            newsmenu: warning: \(config):4:3: themes: unknown key, ignored (known keys here: tabs, fetch, style, layout, ambiguous_wide, animation, on_new, retention)

            """)
        let loud = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(loud.status == 0)
        #expect(loud.stderr.contains("tabs[0].intervl: unknown key"))
        let quiet = try NewsmenuProcess.run(["fetch", "--quiet"], environment: environment)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
