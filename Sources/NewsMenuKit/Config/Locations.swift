// Where the config and the database live: command-line option, then environment, then the
// XDG base directories.
import Foundation

struct Locations {
    var environment: [String: String]

    /// `--config PATH`, `$NEWSMENU_CONFIG`, `$XDG_CONFIG_HOME/newsmenu/feeds.json`,
    /// `~/.config/newsmenu/feeds.json`.
    func configPath(option: String?) -> String {
        if let option { return absolute(option) }
        if let path = nonEmpty("NEWSMENU_CONFIG") { return absolute(path) }
        return configHome + "/newsmenu/feeds.json"
    }

    /// `--db PATH`, `$NEWSMENU_DB`, `$XDG_DATA_HOME/newsmenu/newsmenu.db`,
    /// `~/.local/share/newsmenu/newsmenu.db`.
    func databasePath(option: String?) -> String {
        if let option { return absolute(option) }
        if let path = nonEmpty("NEWSMENU_DB") { return absolute(path) }
        return baseDirectory("XDG_DATA_HOME", fallback: ".local/share") + "/newsmenu/newsmenu.db"
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`: where user units and the config live.
    var configHome: String { baseDirectory("XDG_CONFIG_HOME", fallback: ".config") }

    /// `$XDG_STATE_HOME`, else `~/.local/state`: where the fetch log lives.
    var stateHome: String { baseDirectory("XDG_STATE_HOME", fallback: ".local/state") }

    private func nonEmpty(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The XDG spec says a relative value is invalid and must be ignored.
    private func baseDirectory(_ variable: String, fallback: String) -> String {
        if let value = nonEmpty(variable), value.hasPrefix("/") { return value }
        let home = nonEmpty("HOME") ?? NSHomeDirectory()
        return home + "/" + fallback
    }

    /// Paths are made absolute once, so messages and cron lines name the real file.
    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") {
            return (nonEmpty("HOME") ?? NSHomeDirectory()) + path.dropFirst()
        }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
