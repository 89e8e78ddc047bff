// The config edits that `add`, `remove`, `tab` and `import` make, on the text of feeds.json:
// each finds its place in the parsed tree and changes only those bytes, so other entries,
// unknown keys, order and indentation stay as the user wrote them.
import Foundation

/// An edit that cannot be made: the message says why, in the user's terms.
struct ConfigEditError: Error, Equatable {
    var message: String
    /// The command line named what is not there (a tab, a position): a usage error, exit 64,
    /// as an unknown tab is for show and fetch.
    var isUsage = false

    var commandFailure: CommandFailure {
        isUsage ? .usage(message) : CommandFailure(message: message, status: ExitStatus.failure)
    }
}

struct ConfigEditor {
    private(set) var bytes: [UInt8]

    /// A feed to add: its URL, and the title to give it in the menu.
    struct NewFeed: Equatable {
        var url: String
        var title: String?
        /// Seconds between fetches, written as the feed's "interval".
        var interval: Int?
    }

    /// What a tab the edit creates has besides its name and feeds (an import's OPML says).
    struct NewTabSettings: Equatable {
        var enabled = true
        /// As the config writes it (`TabColor.configText`).
        var color: String?
        /// Seconds between fetches.
        var interval: Int?
    }

    /// The text of a config with no tabs yet, the start when no file exists.
    static let emptyConfig = "{\n  \"tabs\": []\n}\n"

    init(bytes: [UInt8]) throws(ConfigEditError) {
        self.bytes = bytes
        _ = try tabsArray()
    }

    init(text: String) throws(ConfigEditError) {
        try self.init(bytes: Array(text.utf8))
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: reading the tree

    private func root() throws(ConfigEditError) -> JSONNode {
        do {
            return try JSONDocument.parse(bytes)
        } catch {
            throw ConfigEditError(message: "not valid JSON at \(error.location.line):\(error.location.column): \(error.message)")
        }
    }

    private func tabsArray() throws(ConfigEditError) -> (node: JSONNode, tabs: [JSONNode]) {
        let root = try root()
        guard case .object(let members) = root.value else { throw ConfigEditError(message: "the config is not a JSON object") }
        guard let tabs = members.first(where: { $0.key == "tabs" })?.value,
              case .array(let elements) = tabs.value else {
            throw ConfigEditError(message: "the config has no \"tabs\" array")
        }
        return (tabs, elements)
    }

    private static func members(_ node: JSONNode) -> [(key: String, keyLocation: SourceLocation, value: JSONNode)] {
        if case .object(let members) = node.value { return members }
        return []
    }

    private static func stringValue(_ node: JSONNode?) -> String? {
        if case .string(let text)? = node?.value { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return nil
    }

    private static func name(ofTab tab: JSONNode) -> String? {
        stringValue(members(tab).first { $0.key == "name" }?.value)
    }

    /// A feed entry's URL: the string itself or its object's "url".
    private static func url(ofFeed feed: JSONNode) -> String? {
        if case .string = feed.value { return stringValue(feed) }
        return stringValue(members(feed).first { $0.key == "url" }?.value)
    }

    private static func feeds(ofTab tab: JSONNode) -> (node: JSONNode, elements: [JSONNode])? {
        guard let node = members(tab).first(where: { $0.key == "feeds" })?.value,
              case .array(let elements) = node.value else { return nil }
        return (node, elements)
    }

    /// The tabs' names in file order.
    func tabNames() throws(ConfigEditError) -> [String] {
        try tabsArray().tabs.map { Self.name(ofTab: $0) ?? "" }
    }

    private func tabIndex(_ name: String) throws(ConfigEditError) -> Int? {
        try tabNames().firstIndex(of: name)
    }

    private func existingTab(_ name: String) throws(ConfigEditError) -> Int {
        guard let index = try tabIndex(name) else {
            let names = try tabNames().map { "\"\($0)\"" }.joined(separator: ", ")
            throw ConfigEditError(message: "no tab named \"\(name)\" (tabs: \(names))", isUsage: true)
        }
        return index
    }

    /// Each tab's feed URLs by tab name, the first tab of a name as the edits take it.
    func feedURLsByTab() throws(ConfigEditError) -> [String: Set<String>] {
        let tabs = try tabsArray().tabs.map { tab in
            (Self.name(ofTab: tab) ?? "", Set((Self.feeds(ofTab: tab)?.elements ?? []).compactMap(Self.url(ofFeed:))))
        }
        return Dictionary(tabs, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the tabs set `"enabled": false`, whose feeds are neither fetched nor shown.
    func disabledTabNames() throws(ConfigEditError) -> Set<String> {
        Set(try tabsArray().tabs.filter { tab in
            if case .bool(false)? = Self.members(tab).first(where: { $0.key == "enabled" })?.value.value { return true }
            return false
        }.map { Self.name(ofTab: $0) ?? "" })
    }

    /// The feed URLs of one tab, in order.
    func feedURLs(inTab name: String) throws(ConfigEditError) -> [String] {
        guard let index = try tabIndex(name) else { return [] }
        return (Self.feeds(ofTab: try tabsArray().tabs[index])?.elements ?? []).compactMap(Self.url(ofFeed:))
    }

    // MARK: edits

    /// Adds an empty tab at the end.
    mutating func addTab(_ name: String) throws(ConfigEditError) {
        let name = try Self.validName(name)
        guard try tabIndex(name) == nil else { throw ConfigEditError(message: "a tab named \"\(name)\" already exists") }
        try addFeeds([(tab: name, feeds: [])])
    }

    /// Renames tab `old`; returns the new name as written (trimmed).
    @discardableResult
    mutating func renameTab(_ old: String, to new: String) throws(ConfigEditError) -> String {
        let new = try Self.validName(new)
        let index = try existingTab(old)
        let clash = try tabIndex(new)
        guard old == new || clash == nil else {
            throw ConfigEditError(message: "a tab named \"\(new)\" already exists")
        }
        let tab = try tabsArray().tabs[index]
        guard let nameNode = Self.members(tab).first(where: { $0.key == "name" })?.value else { return new }
        var edit = JSONTextEdit(bytes)
        edit.replace(nameNode, with: JSONText.string(new))
        bytes = edit.bytes
        return new
    }

    /// Removes a tab; one that still has feeds only when `evenWithFeeds`.
    mutating func removeTab(_ name: String, evenWithFeeds: Bool) throws(ConfigEditError) {
        let index = try existingTab(name)
        let (node, tabs) = try tabsArray()
        let feedCount = Self.feeds(ofTab: tabs[index])?.elements.count ?? 0
        guard evenWithFeeds || feedCount == 0 else {
            throw ConfigEditError(message: "tab \"\(name)\" has \(feedCount) feed\(feedCount == 1 ? "" : "s"); remove them first or pass --force")
        }
        var edit = JSONTextEdit(bytes)
        edit.remove(at: index, fromArray: node, elements: tabs)
        bytes = edit.bytes
    }

    /// Moves a tab to a 1-based position in the tab bar.
    mutating func moveTab(_ name: String, to position: Int) throws(ConfigEditError) {
        let index = try existingTab(name)
        let (_, tabs) = try tabsArray()
        guard (1...tabs.count).contains(position) else {
            throw ConfigEditError(message: "position \(position) is outside 1…\(tabs.count): there \(tabs.count == 1 ? "is 1 tab" : "are \(tabs.count) tabs")",
                                  isUsage: true)
        }
        var order = Array(tabs.indices)
        order.remove(at: index)
        order.insert(index, at: position - 1)
        var edit = JSONTextEdit(bytes)
        edit.reorder(tabs, order: order)
        bytes = edit.bytes
    }

    /// Adds a feed at the end of a tab, creating the tab when it does not exist yet.
    mutating func addFeed(url: String, title: String?, toTab name: String) throws(ConfigEditError) {
        guard !(try feedURLs(inTab: name)).contains(url) else {
            throw ConfigEditError(message: "tab \"\(name)\" already has \(url)")
        }
        try addFeeds([(tab: name, feeds: [NewFeed(url: url, title: title)])])
    }

    /// Adds feeds at the end of tabs, each tab named once; a tab that does not exist yet is
    /// created at the end, in the order given. All of it is one edit of the text, however
    /// many feeds: an import's thousands cost one parse, not one each. The caller has left
    /// out the feeds a tab already has.
    mutating func addFeeds(_ additions: [(tab: String, feeds: [NewFeed])],
                           newTabSettings: [String: NewTabSettings] = [:]) throws(ConfigEditError) {
        let (tabsNode, tabs) = try tabsArray()
        let names = tabs.map { Self.name(ofTab: $0) ?? "" }
        let unit = JSONTextMap(bytes).indentUnit
        var edit = JSONTextEdit(bytes)
        var newTabs: [String] = []
        for (name, feeds) in additions {
            let name = try Self.validName(name)
            guard let index = names.firstIndex(of: name) else {
                newTabs.append(Self.tabText(name: name, settings: newTabSettings[name] ?? NewTabSettings(),
                                            entries: Self.entries(feeds, short: false), unit: unit))
                continue
            }
            guard !feeds.isEmpty else { continue }
            let tab = tabs[index]
            if let (feedsNode, elements) = Self.feeds(ofTab: tab) {
                // A list written as bare URL strings gets more bare strings, while there is no title.
                let short = !elements.isEmpty && elements.allSatisfy { if case .string = $0.value { true } else { false } }
                edit.append(Self.entries(feeds, short: short), toArray: feedsNode, elements: elements)
            } else {
                edit.append(key: "feeds", "[" + Self.entries(feeds, short: true).joined(separator: ", ") + "]",
                            toObject: tab, members: Self.members(tab))
            }
        }
        edit.append(newTabs, toArray: tabsNode, elements: tabs)
        bytes = edit.bytes
    }

    /// A tab object as the editor writes it, `unit` being one level of the file's indentation.
    private static func tabText(name: String, settings: NewTabSettings, entries: [String], unit: String) -> String {
        let feeds = entries.isEmpty ? "[]" : "[\n" + entries.map { unit + unit + $0 }.joined(separator: ",\n") + "\n" + unit + "]"
        var members = ["\"name\": \(JSONText.string(name))"]
        if let color = settings.color { members.append("\"color\": \(JSONText.string(color))") }
        if !settings.enabled { members.append("\"enabled\": false") }
        if let interval = settings.interval { members.append("\"interval\": \(JSONText.string(DurationText.text(seconds: interval)))") }
        members.append("\"feeds\": \(feeds)")
        return "{\n" + members.map { unit + $0 }.joined(separator: ",\n") + "\n}"
    }

    /// The entries for `feeds`: bare URL strings while `short` holds and no feed has had a title.
    private static func entries(_ feeds: [NewFeed], short: Bool) -> [String] {
        var short = short
        return feeds.map { feed in
            let text = entry(url: feed.url, title: feed.title, interval: feed.interval, short: short)
            short = short && text.hasPrefix("\"")
            return text
        }
    }

    /// Removes the feed from the named tab, or from every tab; returns the tabs it left.
    mutating func removeFeed(url: String, fromTab name: String?) throws(ConfigEditError) -> [String] {
        if let name { _ = try existingTab(name) }
        var removedFrom: [String] = []
        // One removal per pass: each changes the offsets the next one needs.
        while let (tabName, tab) = try nextTab(holding: url, named: name, skipping: removedFrom),
              let (feedsNode, feeds) = Self.feeds(ofTab: tab) {
            var edit = JSONTextEdit(bytes)
            for index in feeds.indices.reversed() where Self.url(ofFeed: feeds[index]) == url {
                edit.remove(at: index, fromArray: feedsNode, elements: feeds)
                break
            }
            bytes = edit.bytes
            if try !feedURLs(inTab: tabName).contains(url) { removedFrom.append(tabName) }
        }
        guard !removedFrom.isEmpty else {
            throw ConfigEditError(message: "\(url) is not in " + (name.map { "tab \"\($0)\"" } ?? "any tab"))
        }
        return removedFrom
    }

    private func nextTab(holding url: String, named name: String?,
                         skipping done: [String]) throws(ConfigEditError) -> (String, JSONNode)? {
        for tab in try tabsArray().tabs {
            guard let tabName = Self.name(ofTab: tab), !done.contains(tabName), name == nil || name == tabName,
                  (Self.feeds(ofTab: tab)?.elements ?? []).contains(where: { Self.url(ofFeed: $0) == url }) else { continue }
            return (tabName, tab)
        }
        return nil
    }

    private static func entry(url: String, title: String?, interval: Int? = nil, short: Bool) -> String {
        let title = title?.isEmpty == false ? title : nil
        if title == nil, interval == nil, short { return JSONText.string(url) }
        var members = ["\"url\": \(JSONText.string(url))"]
        if let title { members.append("\"title\": \(JSONText.string(title))") }
        if let interval { members.append("\"interval\": \(JSONText.string(DurationText.text(seconds: interval)))") }
        return "{ " + members.joined(separator: ", ") + " }"
    }

    private static func validName(_ name: String) throws(ConfigEditError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ConfigEditError(message: "a tab name cannot be empty") }
        return trimmed
    }
}
