// How to draw for this terminal and this user: width, height, colour depth and language,
// decided once from options, environment and the terminal itself.
import Foundation
import NewsRender
import TerminalIO

struct DisplaySettings {
    var width: Int
    /// Rows available for one frame; nil when printing to a pipe or file.
    var height: Int?
    var colors: ColorMode
    var language: UILanguage

    static func current(colorOption: String?, environment: [String: String]) throws(CommandFailure) -> DisplaySettings {
        let descriptor = STDOUT_FILENO
        let isTerminal = Terminal.isTerminal(descriptor)
        let size = isTerminal ? Terminal.size(of: descriptor) : nil
        let width = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? size?.columns ?? 80
        // Leave the last row for the shell prompt that follows a printed frame.
        let height = size.map { max(1, $0.rows - 1) }
        return DisplaySettings(
            width: width, height: height,
            colors: try colorMode(option: colorOption, isTerminal: isTerminal, environment: environment),
            language: language(environment))
    }

    /// `--color never|always|auto`; auto means colour on a terminal unless `NO_COLOR` is set
    /// or `TERM` is `dumb`. Depth from `COLORTERM` and `TERM`.
    static func colorMode(option: String?, isTerminal: Bool, environment: [String: String]) throws(CommandFailure) -> ColorMode {
        let wanted: Bool
        switch option ?? "auto" {
        case "never": return .none
        case "always": wanted = true
        case "auto":
            wanted = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        default:
            throw .usage("option '--color' takes auto, always or never, not '\(option ?? "")'")
        }
        guard wanted else { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        if (environment["TERM"] ?? "").contains("256color") { return .ansi256 }
        return .ansi16
    }

    /// Japanese when the messages locale is Japanese (`LC_ALL`, then `LC_MESSAGES`, then `LANG`).
    static func language(_ environment: [String: String]) -> UILanguage {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.lowercased().hasPrefix("ja") ? .japanese : .english
    }
}
