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

    /// Everything left in `handle`; nil when reading fails.
    private static func readAll(_ handle: FileHandle) -> Data? {
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            return nil
        }
    }

    /// A URL goes through the fetcher (libcurl); `-` is standard input; anything else is a
    /// local file path.
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
        if target == "-" {
            guard let data = readAll(FileHandle.standardInput) else {
                throw CommandFailure(message: "cannot read standard input", status: ExitStatus.failure)
            }
            return (data, "file:///dev/stdin", nil)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
            throw CommandFailure(message: "\(target): no such file", status: ExitStatus.failure)
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure(message: "\(target): is a directory, not a feed file", status: ExitStatus.failure)
        }
        // FileHandle reads FIFOs and devices too (`parse /dev/stdin`, `<(curl …)`).
        guard let handle = FileHandle(forReadingAtPath: target), let data = readAll(handle) else {
            throw CommandFailure(message: "\(target): cannot be read (check its permissions)", status: ExitStatus.failure)
        }
        return (data, URL(fileURLWithPath: target).absoluteString, nil)
    }
}
