// The commands newsmenu understands: their options, arguments and help text, in one table
// that both the argument parser and `--help` read.

struct OptionSpec: Sendable {
    var name: String
    /// The value's placeholder in help (`PATH`); nil for a flag.
    var value: String?
    var help: String
}

struct CommandSpec: Sendable {
    var name: String
    var summary: String
    /// Positional arguments as help shows them (`FILE|URL`).
    var arguments: String
    var positionalCount: ClosedRange<Int>
    var options: [OptionSpec]

    func option(named name: String) -> OptionSpec? {
        (options + CommandSpec.commonOptions).first { $0.name == name }
    }

    static let commonOptions = [
        OptionSpec(name: "--config", value: "PATH", help: "config file (else $NEWSMENU_CONFIG, else $XDG_CONFIG_HOME/newsmenu/feeds.json)"),
        OptionSpec(name: "--db", value: "PATH", help: "database file (else $NEWSMENU_DB, else $XDG_DATA_HOME/newsmenu/newsmenu.db)"),
        OptionSpec(name: "--help", value: nil, help: "show this help"),
    ]

    private static let tabOption = OptionSpec(name: "--tab", value: "NAME",
                                              help: "the tab to show (default: the first; on a terminal, the tab viewed last)")
    private static let colorOption = OptionSpec(name: "--color", value: "WHEN", help: "auto (default: on a terminal), always or never")
    private static let limitOption = OptionSpec(name: "--limit", value: "N", help: "articles per page (default: what fits the terminal, else 40)")
    /// The options that shape a printed page menu, shared by `show` and `demo`.
    private static let menuOptions = [
        tabOption, colorOption, limitOption,
        OptionSpec(name: "--page", value: "N", help: "the tab's page to show, from 1 (default 1)"),
        OptionSpec(name: "--style", value: "STYLE", help: "plain (default), tab, smart or hacka; else the config's \"style\""),
        OptionSpec(name: "--layout", value: "LAYOUT",
                   help: "compact (one line per article) or comfortable (adds a summary); default by width: comfortable at 100 columns"),
        OptionSpec(name: "--ambiguous-wide", value: nil, help: "the terminal draws ambiguous-width characters (…, ●, Greek) two columns wide"),
    ]

    static let all: [CommandSpec] = [
        CommandSpec(name: "fetch", summary: "download the feeds that are due and store new articles",
                    arguments: "", positionalCount: 0...0, options: [
                        OptionSpec(name: "--force", value: nil, help: "fetch every feed, due or not, gone ones too"),
                        OptionSpec(name: "--tab", value: "NAME", help: "only this tab's feeds (repeatable)"),
                        OptionSpec(name: "--wait", value: "SECONDS",
                                   help: "wait this long for another running fetch (default 30; 0 with --quiet)"),
                        OptionSpec(name: "--quiet", value: nil, help: "print only errors"),
                        OptionSpec(name: "--verbose", value: nil, help: "print one line per feed"),
                        OptionSpec(name: "--json", value: nil, help: "print one JSON object per feed on stdout"),
                    ]),
        CommandSpec(name: "status", summary: "show each feed's health: last success, status, failures, next due",
                    arguments: "", positionalCount: 0...0,
                    options: [OptionSpec(name: "--json", value: nil, help: "print the rows as JSON")]),
        CommandSpec(name: "show", summary: "the page menu: interactive on a terminal, else one printed frame",
                    arguments: "", positionalCount: 0...0, options: menuOptions + [
                        OptionSpec(name: "--print", value: nil, help: "print one frame even on a terminal"),
                        OptionSpec(name: "--no-animation", value: nil,
                                   help: "switch tabs without sliding the indicator (also TERM=dumb, or \"animation\": false in the config)"),
                        OptionSpec(name: "--json", value: nil,
                                   help: "print the tabs' counts and the page's articles as JSON (pages of --limit, else 40)"),
                    ]),
        CommandSpec(name: "tabs", summary: "list the tabs with their unread, total and new article counts",
                    arguments: "", positionalCount: 0...0,
                    options: [OptionSpec(name: "--json", value: nil, help: "print the tabs as JSON")]),
        CommandSpec(name: "read", summary: "mark articles read by id (from show --json), or a whole tab with --tab NAME --all",
                    arguments: "ID…", positionalCount: 0...Int.max, options: [
                        OptionSpec(name: "--tab", value: "NAME", help: "with --all: the tab to mark read"),
                        OptionSpec(name: "--all", value: nil, help: "mark every article of --tab read"),
                        OptionSpec(name: "--older-than", value: "AGE",
                                   help: "with --all: only articles dated more than AGE ago (7d, 12h, 1h30m)"),
                    ]),
        CommandSpec(name: "unread", summary: "mark articles unread by id",
                    arguments: "ID…", positionalCount: 1...Int.max, options: []),
        CommandSpec(name: "star", summary: "star articles by id: starred articles are never deleted",
                    arguments: "ID…", positionalCount: 1...Int.max, options: []),
        CommandSpec(name: "unstar", summary: "unstar articles by id",
                    arguments: "ID…", positionalCount: 1...Int.max, options: []),
        CommandSpec(name: "starred", summary: "list the starred articles with their links, newest first, "
                        + "those of feeds no tab lists any more too",
                    arguments: "", positionalCount: 0...0, options: [
                        OptionSpec(name: "--limit", value: "N", help: "at most N articles (default: all)"),
                        OptionSpec(name: "--json", value: nil, help: "print them as JSON, as search --json's results"),
                    ]),
        CommandSpec(name: "search", summary: "find stored articles whose title, summary or content holds every word of QUERY "
                        + "(any length, any script, any case)",
                    arguments: "QUERY…", positionalCount: 1...Int.max, options: [
                        OptionSpec(name: "--tab", value: "NAME", help: "only the articles this tab lists"),
                        OptionSpec(name: "--rank", value: nil, help: "most relevant first, of the newest 500 matches (default: newest stored first)"),
                        OptionSpec(name: "--limit", value: "N", help: "at most N results (default 50)"),
                        colorOption,
                        OptionSpec(name: "--json", value: nil, help: "print the results as JSON, matches in [brackets]"),
                    ]),
        CommandSpec(name: "vacuum", summary: "compact the database, giving back the space of deleted articles",
                    arguments: "", positionalCount: 0...0, options: [
                        OptionSpec(name: "--wait", value: "SECONDS", help: "wait this long for a running fetch (default 30)"),
                    ]),
        CommandSpec(name: "parse", summary: "parse feed files, URLs or - (standard input) and print what was read",
                    arguments: "FILE|URL...", positionalCount: 1...Int.max,
                    options: [OptionSpec(name: "--json", value: nil,
                                         help: "print the result as JSON (stable schema); for several feeds one compact line each (JSON Lines)")]),
        CommandSpec(name: "init", summary: "write the example config to the config path (never overwrites)",
                    arguments: "", positionalCount: 0...0, options: []),
        CommandSpec(name: "demo", summary: "fetch the bundled sample feeds offline and show the page menu",
                    arguments: "", positionalCount: 0...0, options: menuOptions),
        CommandSpec(name: "add", summary: "add a feed (or the feed a web page advertises) to a tab, after checking it parses",
                    arguments: "URL", positionalCount: 1...1, options: [
                        OptionSpec(name: "--tab", value: "NAME", help: "the tab to add it to (created when missing; required)"),
                        OptionSpec(name: "--title", value: "TITLE", help: "the feed's title in the menu (default: the feed's own)"),
                        OptionSpec(name: "--pick", value: "N", help: "when URL is a page with several feeds, take the Nth listed (default 1)"),
                    ]),
        CommandSpec(name: "remove", summary: "remove a feed from the config",
                    arguments: "URL", positionalCount: 1...1,
                    options: [OptionSpec(name: "--tab", value: "NAME", help: "only from this tab (default: from every tab)")]),
        CommandSpec(name: "tab", summary: "edit the tabs: add NAME, rename OLD NEW, remove NAME, move NAME POSITION (from 1)",
                    arguments: "add NAME | rename OLD NEW | remove NAME | move NAME POSITION", positionalCount: 2...3,
                    options: [OptionSpec(name: "--force", value: nil, help: "remove: also when the tab still has feeds")]),
        CommandSpec(name: "import", summary: "add the feeds of an OPML file, a newsboat urls file or an sfeedrc, or - (standard input): folders and tags become tabs, duplicates are skipped",
                    arguments: "FILE|-", positionalCount: 1...1, options: [
                        OptionSpec(name: "--tab", value: "NAME", help: "the tab for feeds outside any folder, without a tag, or from an sfeedrc (needed when there are some)"),
                        OptionSpec(name: "--flatten", value: nil, help: "nested folders go into their top folder's tab (default: a tab named Parent/Child)"),
                    ]),
        CommandSpec(name: "export", summary: "print the tabs and feeds as OPML 2.0, one folder per tab",
                    arguments: "", positionalCount: 0...0, options: []),
        CommandSpec(name: "cron", summary: "install, remove or print the crontab line that runs 'fetch --quiet' (absolute paths)",
                    arguments: "install|remove|print", positionalCount: 1...1, options: [
                        OptionSpec(name: "--every", value: "DURATION", help: "how often: 1–59 minutes dividing an hour, hours dividing a day, or 1d (default 15m)"),
                    ]),
        CommandSpec(name: "systemd", summary: "install, remove or print a systemd user service and timer that run 'fetch --quiet'",
                    arguments: "install|remove|print", positionalCount: 1...1, options: [
                        OptionSpec(name: "--every", value: "DURATION", help: "how often, a minute or more (default 15m)"),
                    ]),
        CommandSpec(name: "completion", summary: "print a bash, zsh or fish completion script (tabs: the tab names it completes)",
                    arguments: "bash|zsh|fish|tabs", positionalCount: 1...1, options: []),
        CommandSpec(name: "manpage", summary: "print the manual page newsmenu.1 (roff), made from this help text",
                    arguments: "", positionalCount: 0...0, options: []),
    ]

    static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }
}
