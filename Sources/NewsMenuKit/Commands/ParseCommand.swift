// `newsmenu parse FILE|URL [--json]`: parses one feed and prints what was read: the way
// to see exactly what newsmenu makes of a feed.
import Foundation
import NewsModel
import NewsFetch
import NewsParse

enum ParseCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let target = context.invocation.arguments[0]
        let (body, documentURL, charset) = try load(target)
        let feed: Feed
        do {
            feed = try FeedParser.parse(body, documentURL: documentURL, charsetHint: charset)
        } catch {
            throw CommandFailure(message: "\(target): \(error)", status: ExitStatus.failure)
        }
        Console.out(context.invocation.flag("--json") ? FeedJSON.encode(feed) : FeedText.describe(feed))
        return ExitStatus.success
    }

    /// A URL goes through the fetcher (libcurl); anything else is a local file path.
    private static func load(_ target: String) throws(CommandFailure) -> (Data, String, String?) {
        let scheme = target.split(separator: ":", maxSplits: 1).first?.lowercased()
        if target.contains("://"), let scheme, ["http", "https", "file"].contains(scheme) {
            switch Fetcher().fetch(FetchRequest(url: target)) {
            case .success(let response):
                return (response.body, response.effectiveURL, response.charset)
            case .failure(let error):
                throw CommandFailure(message: error.description, status: ExitStatus.failure)
            }
        }
        let url = URL(fileURLWithPath: target)
        do {
            return (try Data(contentsOf: url), url.absoluteString, nil)
        } catch {
            let reason = FileManager.default.fileExists(atPath: target) ? "cannot be read" : "no such file"
            throw CommandFailure(message: "\(target): \(reason)", status: ExitStatus.failure)
        }
    }
}
