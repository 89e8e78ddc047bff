// Fuzz target: JSON bytes → ConfigLoader.parse, the code `ConfigLoader.load` runs on the
// bytes of feeds.json (no file is read or written). A config that loads keeps every rule the
// loader promises and comes back unchanged through the config cache's byte form; one that
// does not gives an error naming the file, with a place inside the document.
import Foundation
import FuzzSupport
import NewsModel
@testable import NewsMenuKit

let fileName = "/fuzz/feeds.json"

func isTrimmed(_ text: String) -> Bool {
    text == text.trimmingWhitespace
}

func checkInterval(_ interval: TimeInterval?, _ field: String) {
    guard let interval else { return }
    require(interval.isFinite && interval >= 60 && interval <= 30 * 86_400, "\(field) is \(interval) s, outside 1m–30d")
}

func check(_ config: Config) {
    require(!config.tabs.isEmpty, "a config with no tab")
    require(Set(config.tabs.map(\.name)).count == config.tabs.count, "two tabs share a name")
    for (index, tab) in config.tabs.enumerated() {
        require(!tab.name.isEmpty && isTrimmed(tab.name), "tabs[\(index)].name is \(shown(tab.name))")
        checkInterval(tab.interval, "tabs[\(index)].interval")
        for (number, feed) in tab.feeds.enumerated() {
            let field = "tabs[\(index)].feeds[\(number)]"
            require(!feed.url.isEmpty && isTrimmed(feed.url), "\(field).url is \(shown(feed.url))")
            let scheme = feed.url.prefix(while: { $0 != ":" }).lowercased()
            require(["http", "https", "file"].contains(scheme), "\(field).url \(shown(feed.url)) is no http, https or file URL")
            if let title = feed.title { require(!title.isEmpty && isTrimmed(title), "\(field).title is \(shown(title))") }
            checkInterval(feed.interval, field + ".interval")
        }
    }
    let fetch = config.fetch
    require((1...256).contains(fetch.maxConcurrent), "fetch.concurrency is \(fetch.maxConcurrent)")
    require((1...64).contains(fetch.maxPerHost), "fetch.per_host is \(fetch.maxPerHost)")
    require((0...20).contains(fetch.maxRedirects), "fetch.max_redirects is \(fetch.maxRedirects)")
    require(fetch.maxBodyBytes >= 1 << 20 && fetch.maxBodyBytes <= 1 << 30, "fetch.max_body_mb gives \(fetch.maxBodyBytes) bytes")
    for (name, seconds) in [("timeout", fetch.timeout), ("connect_timeout", fetch.connectTimeout),
                            ("low_speed_time", fetch.lowSpeedTime)] {
        require(seconds.isFinite && seconds >= 0.001 && seconds <= 3600, "fetch.\(name) is \(seconds)")
    }
    require(!fetch.userAgent.isEmpty && fetch.userAgent.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F },
            "fetch.user_agent is \(shown(fetch.userAgent))")
    checkInterval(config.schedule.defaultInterval, "fetch.interval")
    checkInterval(config.schedule.minimumInterval, "fetch.min_interval")
    if let onNew = config.onNew { require(onNew.first?.isEmpty == false, "on_new has no program") }
    require((1...36_500).contains(config.retention.days), "retention.days is \(config.retention.days)")
    require((1...1_000_000).contains(config.retention.perFeed), "retention.per_feed is \(config.retention.perFeed)")
    // The config cache stores this byte form and hands back what it decodes.
    var writer = ByteWriter()
    ConfigCoding.encode(config, into: &writer)
    var reader = ByteReader(writer.bytes)
    let decoded = ConfigCoding.decode(from: &reader)
    require(decoded == config, "the config cache's byte form does not give the same config back")
}

/// Line and column of a place inside `bytes` (1-based; one past the end counts).
func isInside(_ line: Int, _ column: Int, _ bytes: [UInt8]) -> Bool {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return line >= 1 && line <= lines.count && column >= 1 && column <= lines[line - 1].count + 1
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(fuzzInput(data, size))
    var warnings: [ConfigWarning] = []
    var warningsAgain: [ConfigWarning] = []
    let first = Result { () throws(ConfigError) in try ConfigLoader.parse(bytes, file: fileName, warnings: &warnings) }
    let second = Result { () throws(ConfigError) in try ConfigLoader.parse(bytes, file: fileName, warnings: &warningsAgain) }
    switch (first, second) {
    case (.success(let config), .success(let again)):
        require(config == again, "loading the same bytes twice gave two configs")
        require(warnings == warningsAgain, "loading the same bytes twice gave two lists of warnings")
        check(config)
        for warning in warnings {
            require(warning.file == fileName, "a warning names \(shown(warning.file))")
            require(isInside(warning.line, warning.column, bytes), "a warning points at \(warning.line):\(warning.column), outside the file")
        }
        let places = warnings.map { [$0.line, $0.column] }
        require(places == places.sorted { $0.lexicographicallyPrecedes($1) }, "warnings are not in file order")
    case (.failure(let error), .failure(let again)):
        require(error == again, "loading the same bytes twice gave two errors")
        require(error.file == fileName, "an error names \(shown(error.file))")
        require(!error.message.isEmpty, "an error with no message")
        if let line = error.line, let column = error.column {
            require(isInside(line, column, bytes), "an error points at \(line):\(column), outside the file: \(error)")
        }
    default:
        require(false, "loading the same bytes twice succeeded once and failed once")
    }
    return 0
}

runLibFuzzer(fuzzOne)
