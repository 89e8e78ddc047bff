// Reads and validates feeds.json. Every rule lives here, and every failure names the file,
// the field's JSON path, its line and column: a user must be able to fix it from the message.
// An unknown key is a warning, not a failure (a newer newsmenu's config must not stop an
// older one under cron); a key starting with `_` is a comment and passes silently.
import Foundation
import NewsModel
import NewsFetch
import NewsRender
import NewsStore

enum ConfigLoader {
    static func load(path: String) throws(ConfigError) -> Config {
        var ignored: [ConfigWarning] = []
        return try load(path: path, warnings: &ignored)
    }

    /// Loads the config, appending a warning for each unknown key to `warnings`; with a
    /// cache, bytes it already holds a config for are not parsed again.
    static func load(path: String, warnings: inout [ConfigWarning], cache: ConfigCache? = nil) throws(ConfigError) -> Config {
        // stat follows a symbolic link, as reading the config does (dotfiles are often links).
        var status = stat()
        let found = stat(path, &status) == 0
        let missing = !found && (errno == ENOENT || errno == ENOTDIR)
        let kind = status.st_mode & S_IFMT
        guard found, kind == S_IFREG, let data = FileManager.default.contents(atPath: path) else {
            let reason = missing ? "does not exist; run `newsmenu init` to create it from the example"
                : !found ? "cannot be reached (check the permissions of the directories above it)"
                : kind == S_IFDIR ? "is a directory, not a config file"
                : kind == S_IFREG ? "cannot be read (check its permissions)"
                : "is not a regular file (a device, pipe or socket), so it cannot be the config"
            throw ConfigError(file: path, field: "", message: reason)
        }
        let bytes = Array(data)
        if let cached = cache?.config(for: bytes) { return cached }
        let warned = warnings.count
        let config = try parse(bytes, file: path, warnings: &warnings)
        if warnings.count == warned { cache?.save(config, for: bytes) }
        return config
    }

    static func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> Config {
        var ignored: [ConfigWarning] = []
        return try parse(bytes, file: file, warnings: &ignored)
    }

    static func parse(_ bytes: [UInt8], file: String, warnings: inout [ConfigWarning]) throws(ConfigError) -> Config {
        let root: JSONNode
        do {
            root = try JSONDocument.parse(bytes)
        } catch {
            throw ConfigError(file: file, field: "", line: error.location.line, column: error.location.column,
                              message: "not valid JSON: \(error.message)")
        }
        let validator = ConfigValidator(file: file)
        let config = try validator.config(from: root)
        // In file order, as the user reads the file (the validator goes section by section).
        warnings += validator.warnings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return config
    }

    /// What a feed URL must be, for the messages of those that are not.
    static let feedURLRule = "not an http, https or file URL (file URLs are absolute: file:///path)"

    /// True when `text` (trimmed) is a URL a feed can be fetched from: http or https with a
    /// host, or an absolute file URL on this machine.
    static func isFeedURL(_ text: String) -> Bool {
        if PlainWebURL.isValid(text) { return true }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              ["http", "https", "file"].contains(scheme) else { return false }
        return scheme == "file" ? text.dropFirst(5).hasPrefix("//") && url.path.hasPrefix("/") && isLocal(url.host)
                                : url.host?.isEmpty == false
    }

    /// A file URL names a file on this machine: no host, or localhost (RFC 8089); libcurl
    /// refuses any other host, so every fetch of such a feed would fail.
    private static func isLocal(_ host: String?) -> Bool {
        guard let host, !host.isEmpty else { return true }
        return host.lowercased() == "localhost"
    }
}

/// Turns the JSON tree into a `Config`, one rule per field, noting unknown keys on the way.
private final class ConfigValidator {
    let file: String
    private(set) var warnings: [ConfigWarning] = []

    init(file: String) {
        self.file = file
    }

    func fail(_ node: JSONNode, _ path: String, _ message: String) -> ConfigError {
        ConfigError(file: file, field: path, line: node.location.line, column: node.location.column, message: message)
    }

    func config(from root: JSONNode) throws(ConfigError) -> Config {
        let members = try object(root, "", allowed: [
            "tabs", "fetch", "style", "layout", "ambiguous_wide", "animation", "on_new", "retention",
        ])
        guard let tabsNode = members["tabs"] else {
            throw fail(root, "tabs", "is missing: the config needs at least one tab")
        }
        let tabs = try self.tabs(tabsNode)
        var config = Config(tabs: tabs, fetch: FetchOptions())
        if let fetchNode = members["fetch"] {
            (config.fetch, config.schedule) = try fetchSection(fetchNode)
        }
        if let styleNode = members["style"] {
            config.display.style = try choice(styleNode, "style", MenuStyle.self)
        }
        if let layoutNode = members["layout"] {
            config.display.layout = try choice(layoutNode, "layout", ArticleLayout.self)
        }
        if let wideNode = members["ambiguous_wide"] {
            config.display.ambiguousWide = try bool(wideNode, "ambiguous_wide")
        }
        if let animationNode = members["animation"] {
            config.display.animation = try bool(animationNode, "animation")
        }
        if let hookNode = members["on_new"] {
            config.onNew = try command(hookNode, "on_new")
        }
        if let retentionNode = members["retention"] {
            config.retention = try retention(retentionNode)
        }
        return config
    }

    private func tabs(_ node: JSONNode) throws(ConfigError) -> [Tab] {
        let elements = try array(node, "tabs")
        guard !elements.isEmpty else { throw fail(node, "tabs", "is empty: the config needs at least one tab") }
        var tabs: [Tab] = []
        var firstIndexByName: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let path = "tabs[\(index)]"
            let tab = try self.tab(element, path)
            if let earlier = firstIndexByName[tab.name] {
                throw fail(element, path + ".name", "duplicate tab name \"\(tab.name)\" (also tabs[\(earlier)])")
            }
            firstIndexByName[tab.name] = index
            tabs.append(tab)
        }
        return tabs
    }

    private func tab(_ node: JSONNode, _ path: String) throws(ConfigError) -> Tab {
        let members = try object(node, path, allowed: ["name", "color", "enabled", "interval", "feeds"])
        guard let nameNode = members["name"] else { throw fail(node, path + ".name", "is missing") }
        let name = try string(nameNode, path + ".name").trimmingWhitespace
        guard !name.isEmpty else { throw fail(nameNode, path + ".name", "is empty") }
        // A tab is chosen by typing its name (--tab, completion) and shown in the tab bar,
        // where a control character can be neither typed nor shown.
        let isControl = { (scalar: Unicode.Scalar) in scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        if name.unicodeScalars.contains(where: isControl) {
            let shown = name.unicodeScalars.map { isControl($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }
            throw fail(nameNode, path + ".name", "\"\(shown.joined())\" holds a control character; use visible characters")
        }
        var color: TabColor?
        if let colorNode = members["color"] {
            let text = try string(colorNode, path + ".color")
            guard let parsed = TabColor(parsing: text) else {
                throw fail(colorNode, path + ".color",
                           "\"\(text)\" is not a colour: use #rrggbb or one of \(NamedColor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            color = parsed
        }
        let enabled = try members["enabled"].map { (node) throws(ConfigError) in try bool(node, path + ".enabled") } ?? true
        var feeds: [Subscription] = []
        if let feedsNode = members["feeds"] {
            for (index, element) in try array(feedsNode, path + ".feeds").enumerated() {
                feeds.append(try subscription(element, "\(path).feeds[\(index)]"))
            }
        }
        let interval = try members["interval"].map { (node) throws(ConfigError) in try duration(node, path + ".interval") }
        return Tab(name: name, color: color, enabled: enabled, feeds: feeds, interval: interval)
    }

    /// A feed is an object `{"url": …, "title": …}` or, for short, just its URL string.
    private func subscription(_ node: JSONNode, _ path: @autoclosure () -> String) throws(ConfigError) -> Subscription {
        if case .string = node.value {
            return Subscription(url: try feedURL(node, path()))
        }
        let members = try object(node, path(), allowed: ["url", "title", "interval"], expected: "an object or a URL string")
        guard let urlNode = members["url"] else { throw fail(node, path() + ".url", "is missing") }
        let title = try members["title"].map { (node) throws(ConfigError) in try string(node, path() + ".title") }
        let trimmedTitle = title?.trimmingWhitespace
        let interval = try members["interval"].map { (node) throws(ConfigError) in try duration(node, path() + ".interval") }
        return Subscription(url: try feedURL(urlNode, path() + ".url"),
                            title: trimmedTitle?.isEmpty == false ? trimmedTitle : nil, interval: interval)
    }

    private func feedURL(_ node: JSONNode, _ path: @autoclosure () -> String) throws(ConfigError) -> String {
        let text = try string(node, path()).trimmingWhitespace
        guard ConfigLoader.isFeedURL(text) else { throw fail(node, path(), "\"\(text)\" is \(ConfigLoader.feedURLRule)") }
        return text
    }

    private func fetchSection(_ node: JSONNode) throws(ConfigError) -> (FetchOptions, ScheduleSettings) {
        let members = try object(node, "fetch", allowed: [
            "concurrency", "per_host", "timeout", "connect_timeout", "low_speed_limit", "low_speed_time",
            "max_body_mb", "max_redirects", "user_agent", "interval", "min_interval",
        ])
        var options = FetchOptions()
        var schedule = ScheduleSettings()
        if let value = members["concurrency"] {
            options.maxConcurrent = try integer(value, "fetch.concurrency", in: 1...256)
        }
        if let value = members["per_host"] {
            options.maxPerHost = try integer(value, "fetch.per_host", in: 1...64)
        }
        if let value = members["timeout"] {
            options.timeout = try seconds(value, "fetch.timeout")
        }
        if let value = members["connect_timeout"] {
            options.connectTimeout = try seconds(value, "fetch.connect_timeout")
        }
        if let value = members["low_speed_limit"] {
            options.lowSpeedBytesPerSecond = try integer(value, "fetch.low_speed_limit", in: 1...100_000_000)
        }
        if let value = members["low_speed_time"] {
            options.lowSpeedTime = try seconds(value, "fetch.low_speed_time")
        }
        if let value = members["max_body_mb"] {
            options.maxBodyBytes = try integer(value, "fetch.max_body_mb", in: 1...1024) * 1024 * 1024
        }
        if let value = members["max_redirects"] {
            options.maxRedirects = try integer(value, "fetch.max_redirects", in: 0...20)
        }
        if let value = members["user_agent"] {
            let agent = try string(value, "fetch.user_agent")
            guard !agent.isEmpty, agent.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
                throw fail(value, "fetch.user_agent", "must be non-empty printable ASCII")
            }
            options.userAgent = agent
        }
        if let value = members["interval"] {
            schedule.defaultInterval = try duration(value, "fetch.interval")
        }
        if let value = members["min_interval"] {
            schedule.minimumInterval = try duration(value, "fetch.min_interval")
        }
        return (options, schedule)
    }

    /// `{"days": 90, "per_feed": 1000}`, either key optional.
    private func retention(_ node: JSONNode) throws(ConfigError) -> RetentionPolicy {
        let members = try object(node, "retention", allowed: ["days", "per_feed"])
        var policy = RetentionPolicy()
        if let value = members["days"] {
            policy.days = try integer(value, "retention.days", in: 1...36_500)
        }
        if let value = members["per_feed"] {
            policy.perFeed = try integer(value, "retention.per_feed", in: 1...1_000_000)
        }
        return policy
    }

    // MARK: typed access, each failing with the field's path and location

    private func object(_ node: JSONNode, _ path: @autoclosure () -> String, allowed: [String],
                        expected: String = "an object") throws(ConfigError) -> [String: JSONNode] {
        guard case .object(let members) = node.value else {
            throw fail(node, path(), "must be \(expected), not \(node.kindName)")
        }
        var result: [String: JSONNode] = [:]
        for member in members {
            // Spelled out only for a message: built for every member, the paths were a
            // sixth of reading a config of 2,000 feeds.
            func memberPath() -> String {
                let parent = path()
                return parent.isEmpty ? member.key : "\(parent).\(member.key)"
            }
            guard allowed.contains(member.key) else {
                if !member.key.hasPrefix("_") {
                    warnings.append(ConfigWarning(file: file, field: memberPath(), line: member.keyLocation.line,
                                                  column: member.keyLocation.column,
                                                  suggestion: KeySuggestion.closest(to: member.key, among: allowed),
                                                  allowed: allowed))
                }
                continue
            }
            guard result[member.key] == nil else {
                throw ConfigError(file: file, field: memberPath(), line: member.keyLocation.line,
                                  column: member.keyLocation.column, message: "appears twice")
            }
            result[member.key] = member.value
        }
        return result
    }

    /// A program and its arguments as an array of strings (run without a shell).
    private func command(_ node: JSONNode, _ path: String) throws(ConfigError) -> [String] {
        var words: [String] = []
        for (index, element) in try array(node, path).enumerated() {
            words.append(try string(element, "\(path)[\(index)]"))
        }
        guard let program = words.first, !program.isEmpty else {
            throw fail(node, path, "must start with the program to run, such as [\"notify-send\", \"newsmenu\"]")
        }
        return words
    }

    private func array(_ node: JSONNode, _ path: String) throws(ConfigError) -> [JSONNode] {
        guard case .array(let elements) = node.value else {
            throw fail(node, path, "must be an array, not \(node.kindName)")
        }
        return elements
    }

    private func string(_ node: JSONNode, _ path: @autoclosure () -> String) throws(ConfigError) -> String {
        guard case .string(let text) = node.value else {
            throw fail(node, path(), "must be a string, not \(node.kindName)")
        }
        return text
    }

    /// One of a fixed set of names, such as a style.
    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _ path: String, _ type: Choice.Type
    ) throws(ConfigError) -> Choice where Choice.RawValue == String {
        let text = try string(node, path)
        guard let value = Choice(rawValue: text) else {
            throw fail(node, path, "\"\(text)\" is not one of \(type.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    private func bool(_ node: JSONNode, _ path: String) throws(ConfigError) -> Bool {
        guard case .bool(let flag) = node.value else {
            throw fail(node, path, "must be true or false, not \(node.kindName)")
        }
        return flag
    }

    private func integer(_ node: JSONNode, _ path: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard case .number(let number) = node.value, number.rounded() == number,
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw fail(node, path, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    /// Seconds as a plain number, from a millisecond (libcurl's resolution: less would
    /// mean "no limit") to an hour.
    private func seconds(_ node: JSONNode, _ path: String) throws(ConfigError) -> TimeInterval {
        guard case .number(let number) = node.value, number >= 0.001, number <= 3600 else {
            throw fail(node, path, "must be a number of seconds from 0.001 to 3600")
        }
        return number
    }

    /// A duration such as `"15m"`, `"2h"`, `"1d"` or `"1h30m"`, or a number of seconds;
    /// from one minute to thirty days.
    private func duration(_ node: JSONNode, _ path: @autoclosure () -> String) throws(ConfigError) -> TimeInterval {
        let parsed: TimeInterval?
        switch node.value {
        case .number(let number): parsed = number
        case .string(let text): parsed = DurationText.seconds(text)
        default: parsed = nil
        }
        guard let parsed, parsed >= 60, parsed <= 30 * 86400 else {
            throw fail(node, path(), "must be a duration from 1m to 30d, such as \"15m\", \"2h\" or \"1d\"")
        }
        return parsed
    }
}
