// newsmenu.1 in roff, written from the same command table and help text `--help` prints,
// so the manual cannot drift from the binary.

enum ManPage {
    static func text() -> String {
        var lines = [
            ".TH NEWSMENU 1 \"\" \"\(escape(HelpText.version))\" \"User Commands\"",
            ".SH NAME",
            "newsmenu \\- a terminal news reader with a page menu of tabs",
            ".SH SYNOPSIS",
            ".B newsmenu",
            "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
            "newsmenu reads RSS, Atom and JSON feeds listed in its config, stores their articles in an SQLite",
            "database and prints them as a page menu: a bar of tabs and the selected tab's articles.",
            "With no command it is",
            ".BR \"newsmenu show\" :",
            "on a terminal the interactive page menu, opened on the tab viewed last.",
            ".SH COMMANDS",
        ]
        for spec in CommandSpec.all {
            lines.append(".SS \"\(escape(HelpText.usageLine(spec).replacingOccurrences(of: "usage: ", with: "")))\"")
            lines.append(escape(spec.summary))
            for option in spec.options {
                lines.append(".TP")
                lines.append("\\fB\(escape(option.name))\\fR" + (option.value.map { " \\fI\(escape($0))\\fR" } ?? ""))
                lines.append(escape(option.help))
            }
        }
        lines.append(".SH OPTIONS")
        lines.append("Every command also takes these:")
        for option in CommandSpec.commonOptions {
            lines.append(".TP")
            lines.append("\\fB\(escape(option.name))\\fR" + (option.value.map { " \\fI\(escape($0))\\fR" } ?? ""))
            lines.append(escape(option.help))
        }
        lines.append(".SH KEYS")
        lines.append("In the interactive page menu (also its \\fB?\\fR screen):")
        lines += Self.definitions(InteractiveHelp.entries.map { ($0.keys, $0.meaning) })
        lines.append(".PP")
        lines.append("While an article is read (Enter; also its \\fB?\\fR screen there):")
        lines += Self.definitions(InteractiveHelp.readingEntries.map { ($0.keys, $0.meaning) })
        lines += [".SH FILES"] + Self.definitions([
            ("$XDG_CONFIG_HOME/newsmenu/feeds.json",
             "the config: tabs and their feeds (edited in place by add, remove, tab and import, the old one kept as "
                + "feeds.json.bak). An unknown key is warned about on stderr (not with fetch --quiet) and otherwise "
                + "ignored; keys starting with _ are comments."),
            ("$XDG_DATA_HOME/newsmenu/newsmenu.db",
             "the article database; beside it DB-wal and DB-shm (SQLite's log, which holds recent articles until "
                + "they are copied into DB: move or copy them with it), DB.search (the search index), DB.lock (the "
                + "fetch lock, naming the command that holds it) and DB.config-cache (the checked config)"),
            ("$XDG_STATE_HOME/newsmenu/fetch.log",
             "one line per fetch --quiet run (as cron and systemd run it) and one per failed feed; rotated at 1 MiB"),
            ("$XDG_CONFIG_HOME/systemd/user/newsmenu-fetch.service, .timer", "written by systemd install"),
        ])
        lines += [".SH ENVIRONMENT"] + Self.definitions([
            ("NEWSMENU_CONFIG", "the config file, unless --config is given"),
            ("NEWSMENU_DB", "the database file, unless --db is given"),
            ("XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME",
             "where the config, the database and the fetch log live (default ~/.config, ~/.local/share, ~/.local/state)"),
            ("NO_COLOR", "no colour: only bold, underline and reverse video, unless --color always"),
            ("TERM, COLORTERM", "what the terminal can show: TERM=dumb draws ASCII without escapes; "
                + "COLORTERM=truecolor or 24bit allows RGB tab colours"),
            ("COLUMNS", "the width of a printed frame when standard output is not a terminal (else the width of "
                + "the terminal on standard error, as for show | less, else 80)"),
            ("LANG, LC_ALL, LC_MESSAGES", "ja makes the page menu's own words Japanese"),
            ("BROWSER", "the program that opens an article's link (%s stands for the link), else xdg-open"),
            ("http_proxy, https_proxy, no_proxy", "the proxy libcurl uses for fetching"),
        ])
        lines += [
            ".SH EXIT STATUS",
            HelpText.exitStatuses.joined(separator: ", ") + ".",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// `.TP` paragraphs: the term in bold, then its meaning.
    private static func definitions(_ entries: [(term: String, meaning: String)]) -> [String] {
        entries.flatMap { [".TP", "\\fB\(escape($0.term))\\fR", escape($0.meaning)] }
    }

    /// Backslashes and hyphens escaped, non-ASCII as `\[uXXXX]` (groff reads bytes, not
    /// UTF-8, unless run through preconv); a leading dot or quote cannot start a request.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
