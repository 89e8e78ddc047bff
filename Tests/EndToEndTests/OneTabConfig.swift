// The environment of a fetch test: a config of one tab (ニュース) listing some feeds, and the
// database beside it, both in the test's own directory.
import NewsTestSupport

enum OneTabConfig {
    /// Writes the config listing `urls` into `directory` and returns the environment that
    /// makes newsmenu use it and `database`.
    static func environment(_ urls: [String], in directory: TemporaryDirectory, database: String) throws -> [String: String] {
        let feeds = urls.map { "\"\($0)\"" }.joined(separator: ", ")
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\(feeds)]}]}")
        return ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": database]
    }
}
