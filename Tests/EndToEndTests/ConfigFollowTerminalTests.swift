// The interactive view following its config file while it is open, through a real
// terminal: tabs added, removed and renamed (by hand and by `newsmenu tab rename`) show at
// once, the other tabs keeping their places; a config that cannot be read keeps the tabs
// and says why until it is fixed; `r` fetches with the config as it is now.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("The view follows its config", .serialized)
struct ConfigFollowTerminalTests {
    /// The fixture's config with `edit` applied to its text, written whole over it.
    private func editConfig(_ menu: MenuFixture, file: String = "feeds.json", _ edit: (String) -> String) throws {
        let path = menu.path + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = edit(text)
        #expect(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func tabBar(_ pane: TmuxPane) throws -> String {
        try pane.screen().split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test("a tab added and one removed in a --config file show at once, in config order; the other tabs keep their selections")
    func addedAndRemovedTabs() throws {
        let menu = try MenuFixture()
        try FileManager.default.copyItem(atPath: menu.path + "/feeds.json", toPath: menu.path + "/other.json")
        let pane = try menu.startedPane(arguments: "--config other.json")
        try pane.keys("l", "j")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try pane.keys("h", "j", "j")
        try menu.waitForSelection(pane, containing: "記事 38")

        try editConfig(menu, file: "other.json") { text in
            text.replacingOccurrences(of: "{\"name\": \"テック\"", with: "{\"name\": \"追加\", \"feeds\": []},\n  {\"name\": \"テック\"")
                .replacingOccurrences(of: ",\n  {\"name\": \"危険\", \"feeds\": [\"file://\(menu.path)/danger.atom\"]}", with: "")
        }
        try pane.waitForText("追加")
        let bar = try tabBar(pane)
        #expect(!bar.contains("危険"), "\(bar)")
        let places = try ["ニュース", "追加", "テック"].map { name in try #require(bar.range(of: name), "\(bar)").lowerBound }
        #expect(places == places.sorted(), "\(bar)")
        try menu.waitForSelection(pane, containing: "記事 38")
        try pane.keys("l")
        try pane.waitForText("No feeds in this tab")
        try pane.keys("l")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
    }

    @Test("newsmenu tab rename while the view shows the tab: the tab keeps its selection, r keeps the renamed stored tab, quitting records the new name")
    func renamedShownTab() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "Tech 2")
        let store = try FeedStore(path: menu.path + "/news.db")
        let storedID = try store.tabIDs()["テック"]
        #expect(storedID != nil)

        let rename = try NewsmenuProcess.run(["tab", "rename", "テック", "Technik"], environment: menu.environment)
        #expect(rename.status == 0, "\(rename.stderr)")
        try pane.waitForText("Technik 3")
        #expect(try !tabBar(pane).contains("テック"))
        try menu.waitForSelection(pane, containing: "Tech 2")

        try pane.keys("r")
        try pane.waitForText("fetched")
        let ids = try store.tabIDs()
        #expect(ids["Technik"] == storedID)
        #expect(ids["テック"] == nil)
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
        #expect(try store.setting("last_tab") == "Technik")
    }

    @Test("a config that no longer parses keeps the tabs and says so, naming the file, r refusing; fixed, it is followed; deleted, likewise")
    func unreadableConfig() throws {
        let menu = try MenuFixture()
        let configPath = menu.path + "/feeds.json"
        let valid = try String(contentsOfFile: configPath, encoding: .utf8)
        let pane = try TmuxPane(directory: menu.path, columns: 220, rows: 24, environment: menu.environment)
        try menu.startMenu(in: pane, showing: "記事 40")

        try "{\"tabs\": [{\"name\": \"半分".write(toFile: configPath, atomically: false, encoding: .utf8)
        try pane.waitForText("the config was not read again, the tabs are as they were: \(configPath):1:")
        #expect(try pane.screen().contains("テック 3"))
        try pane.keys("r")
        try pane.waitForText("not fetching until the config can be read: \(configPath):1:")
        // The next key ends the message; the problem is still said.
        try pane.keys("j")
        try pane.waitForText("the config was not read again")

        try valid.replacingOccurrences(of: "\"name\": \"危険\"", with: "\"name\": \"復活\"")
            .write(toFile: configPath, atomically: false, encoding: .utf8)
        try pane.waitForText("復活 1")
        try pane.waitForText("? keys")
        #expect(try !pane.screen().contains("the config was not read again"))

        try FileManager.default.removeItem(atPath: configPath)
        try pane.waitForText("the config was not read again, the tabs are as they were: \(configPath): does not exist")
        #expect(try pane.screen().contains("復活 1"))
        try valid.write(toFile: configPath, atomically: true, encoding: .utf8)
        try pane.waitForText("危険 1")
        try pane.waitForText("? keys")
        try menu.quit(pane)
    }

    @Test("the config in the default place is followed too; the shown tab renamed by hand shows as a new tab in its place")
    func defaultPlaceAndRenameByHand() throws {
        let menu = try MenuFixture()
        // The pane's HOME is the fixture's directory, and no $XDG_CONFIG_HOME is set.
        try FileManager.default.createDirectory(atPath: menu.path + "/.config/newsmenu", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: menu.path + "/feeds.json", toPath: menu.path + "/.config/newsmenu/feeds.json")
        var environment = menu.environment
        environment["NEWSMENU_CONFIG"] = nil
        let pane = try TmuxPane(directory: menu.path, environment: environment)
        try menu.startMenu(in: pane, showing: "記事 40")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "記事 39")

        try editConfig(menu, file: ".config/newsmenu/feeds.json") {
            $0.replacingOccurrences(of: "\"name\": \"ニュース\"", with: "\"name\": \"Nachrichten\"")
        }
        try pane.waitForText("Nachrichten 40")
        #expect(try !tabBar(pane).contains("ニュース"))
        try menu.waitForSelection(pane, containing: "記事 40")
        try menu.quit(pane)
    }

    @Test("r after a feed was removed from the config does not fetch it")
    func refreshUsesTheConfigAsItIsNow() throws {
        let feed = try ChangingServedFeed(prefix: "Served", delay: 0)
        let menu = try MenuFixture(techFeed: feed.url)
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.waitForText("Served 0")
        let requestsBefore = feed.server.requests.count
        #expect(requestsBefore == 1)

        try editConfig(menu) { $0.replacingOccurrences(of: ", \"\(feed.url)\"", with: "") }
        try pane.keys("r")
        try pane.waitForText("fetched")
        #expect(feed.server.requests.count == requestsBefore)
        try pane.waitFor("the removed feed's article to leave the tab") { try !pane.screen().contains("Served 0") }
        try menu.quit(pane)
    }
}
