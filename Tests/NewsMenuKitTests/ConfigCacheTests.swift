// The config cache beside the database: a config read back from it equals the one parsed,
// only unchanged bytes hit it, and a config with errors or warnings is never kept.
import Foundation
import NewsFetch
import NewsModel
import NewsRender
import NewsStore
import Testing
@testable import NewsMenuKit

@Suite("The config cache")
struct ConfigCacheTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "newsmenu-config-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private var configPath: String { directory + "/feeds.json" }
    private var cache: ConfigCache { ConfigCache(databasePath: directory + "/news.db") }

    private func write(_ text: String) throws {
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    private func load() throws -> (Config, [ConfigWarning]) {
        var warnings: [ConfigWarning] = []
        let config = try ConfigLoader.load(path: configPath, warnings: &warnings, cache: cache)
        return (config, warnings)
    }

    /// Every field away from its default, so a field the coding dropped would show.
    private static let everything = """
        {"tabs": [
           {"name": "ニュース", "color": "#1e90ff", "interval": "2h",
            "feeds": ["https://a.example/rss",
                      {"url": "https://b.example/atom", "title": "B 便り", "interval": "45m"},
                      {"url": "file:///srv/feeds/c.xml"}]},
           {"name": "Tech", "color": "bright-cyan", "enabled": false, "feeds": []},
           {"name": "Empty"}],
         "fetch": {"concurrency": 7, "per_host": 3, "timeout": 12.5, "connect_timeout": 2.25,
                   "low_speed_limit": 99, "low_speed_time": 4, "max_body_mb": 3, "max_redirects": 9,
                   "user_agent": "test-agent/1", "interval": "20m", "min_interval": "2m"},
         "style": "hacka", "layout": "comfortable", "ambiguous_wide": true, "animation": false,
         "on_new": ["notify-send", "新着", ""],
         "retention": {"days": 30, "per_feed": 250}}
        """

    @Test("a config read back from the cache equals the one parsed, every field included")
    func roundTrip() throws {
        try write(Self.everything)
        let parsed = try ConfigLoader.parse(Array(Self.everything.utf8), file: configPath)
        #expect(parsed.display.style == .hacka && parsed.onNew?.count == 3 && parsed.fetch.maxPerHost == 3)
        #expect(try load().0 == parsed)
        #expect(FileManager.default.fileExists(atPath: cache.path))
        #expect(cache.config(for: Array(Self.everything.utf8)) == parsed)
        #expect(try load().0 == parsed)
    }

    @Test("the cache file can be read by its owner only, as a config may hold credentials")
    func ownerOnly() throws {
        try write(#"{"tabs": [{"name": "A", "feeds": ["https://user:secret@a.example/rss"]}]}"#)
        _ = try load()
        let mode = try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a config with its defaults only comes back with the same defaults")
    func defaults() throws {
        let text = "{\"tabs\": [{\"name\": \"a\", \"feeds\": [\"https://a.example/rss\"]}]}"
        try write(text)
        let parsed = try ConfigLoader.parse(Array(text.utf8), file: configPath)
        _ = try load()
        #expect(cache.config(for: Array(text.utf8)) == parsed)
    }

    @Test("changed bytes miss the cache, even when only white space changed")
    func changedBytesMiss() throws {
        try write(Self.everything)
        let first = try load().0
        try write(Self.everything.replacingOccurrences(of: "\"days\": 30", with: "\"days\": 31"))
        #expect(try load().0.retention.days == 31)
        #expect(first.retention.days == 30)
        #expect(cache.config(for: Array((Self.everything + " ").utf8)) == nil)
    }

    @Test("an invalid config fails with the loader's message however often it is loaded, and keeps no cache")
    func invalidIsNeverCached() throws {
        try write("{\"tabs\": [{\"name\": \"a\", \"feeds\": [\"ftp://a.example/\"]}]}")
        for _ in 0..<2 {
            let error = #expect(throws: ConfigError.self) { try load() }
            #expect(error?.field == "tabs[0].feeds[0]")
        }
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    @Test("a config with warnings warns every time and is not kept")
    func warningsAreNotCached() throws {
        try write("{\"tabs\": [{\"name\": \"a\"}], \"colour\": \"red\"}")
        #expect(try load().1.count == 1)
        #expect(try load().1.count == 1)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    @Test("a damaged or foreign cache file is ignored and replaced")
    func damagedCache() throws {
        try write(Self.everything)
        let parsed = try load().0
        let good = try #require(FileManager.default.contents(atPath: cache.path))
        for damaged in [Data(), Data("not a cache".utf8), good.prefix(good.count - 1), good + Data([0])] {
            #expect(FileManager.default.createFile(atPath: cache.path, contents: damaged))
            #expect(cache.config(for: Array(Self.everything.utf8)) == nil)
            #expect(try load().0 == parsed)
            #expect(FileManager.default.contents(atPath: cache.path) == good)
        }
    }

    @Test("a cache that cannot be written leaves loading as it was")
    func unwritableDirectory() throws {
        try write(Self.everything)
        var warnings: [ConfigWarning] = []
        let config = try ConfigLoader.load(path: configPath, warnings: &warnings,
                                           cache: ConfigCache(databasePath: directory + "/missing/news.db"))
        #expect(config.tabs.count == 3)
        #expect(warnings.isEmpty)
    }

    @Test("writing the cache deletes the temporary files of processes that are gone, and only those")
    func leftoversOfDeadProcesses() throws {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let running = Process()
        running.executableURL = URL(fileURLWithPath: "/bin/sleep")
        running.arguments = ["30"]
        try running.run()
        // SIGKILL: children of the test threads inherit a blocked SIGTERM.
        defer {
            kill(running.processIdentifier, SIGKILL)
            running.waitUntilExit()
        }
        let cachePath = cache.path
        let dead = ConfigCache.temporaryPath(cachePath, pid: ended.processIdentifier)
        let alive = ConfigCache.temporaryPath(cachePath, pid: running.processIdentifier)
        let notAPid = cachePath + ".draft.tmp"
        let otherFile = directory + "/news.db.1.tmp"
        for file in [dead, alive, notAPid, otherFile] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("half".utf8)))
        }
        try write(Self.everything)
        _ = try load()
        #expect(FileManager.default.fileExists(atPath: cachePath))
        #expect(!FileManager.default.fileExists(atPath: dead))
        for kept in [alive, notAPid, otherFile] {
            #expect(FileManager.default.fileExists(atPath: kept), "\(kept)")
        }
        #expect(!FileManager.default.fileExists(atPath: ConfigCache.temporaryPath(cachePath, pid: getpid())))
    }

    @Test("the coding covers every stored property of the config's types")
    func codingCoversEveryField() {
        // A property added to one of these must be written and read by ConfigCoding too.
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(labels(Config(tabs: [], fetch: FetchOptions()))
                == ["tabs", "fetch", "schedule", "display", "onNew", "retention"])
        #expect(labels(Tab(name: "a", feeds: [])) == ["name", "color", "enabled", "feeds", "interval"])
        #expect(labels(Subscription(url: "u")) == ["url", "title", "interval"])
        #expect(labels(FetchOptions()) == ["maxConcurrent", "maxPerHost", "connectTimeout", "timeout",
                                           "lowSpeedBytesPerSecond", "lowSpeedTime", "maxBodyBytes",
                                           "maxRedirects", "userAgent"])
        #expect(labels(ScheduleSettings()) == ["defaultInterval", "minimumInterval"])
        #expect(labels(DisplayPreferences()) == ["style", "layout", "ambiguousWide", "animation"])
        #expect(labels(RetentionPolicy()) == ["days", "perFeed"])
    }
}
