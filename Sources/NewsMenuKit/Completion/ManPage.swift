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
        lines += [
            ".SH FILES",
            ".TP",
            "\\fI$XDG_CONFIG_HOME/newsmenu/feeds.json\\fR",
            "the config: tabs and their feeds (edited in place by add, remove, tab and import, the old one kept as feeds.json.bak).",
            "An unknown key is warned about on stderr (not with \\fBfetch \\-\\-quiet\\fR) and otherwise ignored;",
            "keys starting with _ are comments.",
            ".TP",
            "\\fI$XDG_DATA_HOME/newsmenu/newsmenu.db\\fR",
            "the article database",
            ".SH ENVIRONMENT",
            ".TP",
            ".B NEWSMENU_CONFIG",
            "the config file, unless \\fB\\-\\-config\\fR is given",
            ".TP",
            ".B NEWSMENU_DB",
            "the database file, unless \\fB\\-\\-db\\fR is given",
            ".SH EXIT STATUS",
            HelpText.exitStatuses.joined(separator: ", ") + ".",
            "",
        ]
        return lines.joined(separator: "\n")
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
