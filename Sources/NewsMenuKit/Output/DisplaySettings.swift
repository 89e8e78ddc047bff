// How to draw for this terminal and this user: width, height, colour depth, language,
// style, layout and ambiguous widths, decided once from options, config, environment and
// the terminal itself.
import Foundation
import NewsRender
import TerminalIO

struct DisplaySettings: Equatable {
    var width: Int
    /// Rows available for one frame; nil when printing to a pipe or file.
    var height: Int?
    var colors: ColorMode
    var language: UILanguage
    var style: MenuStyle
    /// The layout `--layout` or the config asked for; nil leaves it to the width.
    var chosenLayout: ArticleLayout?
    var ambiguousWide: Bool

    /// Pages of this many articles when not on a terminal and no `--limit` is given.
    static let defaultPageSize = 40
    /// From this many columns up the default layout is comfortable.
    static let comfortableWidth = 100

    /// What the terminal on standard output is, if it is one.
    struct TerminalFacts {
        var isTerminal: Bool
        var size: (columns: Int, rows: Int)?
        /// With standard output a pipe or a file (`show | less`, `show > news.txt`), the width
        /// of the terminal the reader typed the command in, standard error's, as `ps` does:
        /// the frame is read there. Nil without one (cron).
        var readerColumns: Int?

        static func standardOutput() -> TerminalFacts {
            guard Terminal.isTerminal(STDOUT_FILENO) else {
                return TerminalFacts(isTerminal: false, size: nil, readerColumns: Terminal.size(of: STDERR_FILENO)?.columns)
            }
            return TerminalFacts(isTerminal: true, size: Terminal.size(of: STDOUT_FILENO))
        }
    }

    /// The layout at this frame's width (`layout(forColumns:)`).
    var layout: ArticleLayout { layout(forColumns: width) }

    /// The layout at `columns`: the one asked for, else comfortable from
    /// `comfortableWidth` up. The interactive view asks again at every size.
    func layout(forColumns columns: Int) -> ArticleLayout {
        chosenLayout ?? (columns >= Self.comfortableWidth ? .comfortable : .compact)
    }

    /// Options win over the config, the config over the defaults.
    static func resolve(
        invocation: Invocation, preferences: DisplayPreferences, environment: [String: String],
        terminal: TerminalFacts = .standardOutput()
    ) throws(CommandFailure) -> DisplaySettings {
        let width = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
            ?? terminal.size?.columns ?? terminal.readerColumns ?? 80
        // Leave the last row for the shell prompt that follows a printed frame.
        let height = terminal.size.map { max(1, $0.rows - 1) }
        let chosenLayout = try choice(invocation.option("--layout"), named: "--layout") ?? preferences.layout
        return DisplaySettings(
            width: width, height: height,
            colors: try colorMode(option: invocation.option("--color"), isTerminal: terminal.isTerminal,
                                  environment: environment),
            language: language(environment),
            style: try choice(invocation.option("--style"), named: "--style") ?? preferences.style ?? .plain,
            chosenLayout: chosenLayout,
            ambiguousWide: invocation.flag("--ambiguous-wide") || preferences.ambiguousWide)
    }

    /// `TERM=dumb` is plain ASCII whatever else is asked. `--color never`, or auto off a
    /// terminal, sends no escapes; auto on a terminal under a non-empty `NO_COLOR` is bold,
    /// underline and reverse only. Otherwise (and `--color always`, which overrides
    /// `NO_COLOR`) the depth comes from `COLORTERM`, then `TERM`.
    static func colorMode(option: String?, isTerminal: Bool, environment: [String: String]) throws(CommandFailure) -> ColorMode {
        let option = option ?? "auto"
        guard ["auto", "always", "never"].contains(option) else {
            throw .usage("option '--color' takes auto, always or never, not '\(option)'")
        }
        if environment["TERM"] == "dumb" { return .plainASCII }
        if option == "never" || (option == "auto" && !isTerminal) { return .none }
        if option == "auto", !(environment["NO_COLOR"] ?? "").isEmpty { return .monochrome }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        if (environment["TERM"] ?? "").hasSuffix("256color") { return .ansi256 }
        return .ansi16
    }

    /// Japanese when the messages locale is Japanese (`LC_ALL`, then `LC_MESSAGES`, then `LANG`).
    static func language(_ environment: [String: String]) -> UILanguage {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.lowercased().hasPrefix("ja") ? .japanese : .english
    }

    /// Articles per page: on a terminal, what fits its height (`--limit` may ask for
    /// fewer); elsewhere `--limit`, else 40.
    func pageSize(limit: Int?) -> Int {
        guard let height else { return limit ?? Self.defaultPageSize }
        let fitting = PageMenu.articlesPerPage(height: height, style: style, layout: layout)
        return min(limit ?? fitting, fitting)
    }

    /// An option naming one of a fixed set of values, or a usage error listing them.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ text: String?, named name: String
    ) throws(CommandFailure) -> Choice? where Choice.RawValue == String {
        guard let text else { return nil }
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw .usage("option '\(name)' takes \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not '\(text)'")
        }
        return value
    }
}
