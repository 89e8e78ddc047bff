// `newsmenu parse FILE|URL… [--json]`: parses feeds and prints what was read: the way to
// see exactly what newsmenu makes of a feed. Several files are read in one process, each
// printed as it is parsed (with --json, one line of JSON per file: JSON Lines).
import Foundation
import Glibc
import NewsModel
import NewsFetch
import NewsParse

enum ParseCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let targets = context.invocation.arguments
        let json = context.invocation.flag("--json")
        guard targets.count > 1 else {
            let feed = try parse(targets[0])
            if json { FeedJSON.write(feed) } else { Console.out(FeedText.describe(feed)) }
            return ExitStatus.success
        }
        var status = ExitStatus.success
        for (index, target) in targets.enumerated() {
            do throws(CommandFailure) {
                let feed = try parse(target)
                if json {
                    FeedJSON.writeLine(feed)
                } else {
                    Console.out((index > 0 ? "\n" : "") + "==> \(target) <==\n" + FeedText.describe(feed))
                }
            } catch {
                Console.err("newsmenu: \(error.message)")
                if json { FeedJSON.writeErrorLine(error.message) }
                status = ExitStatus.failure
            }
        }
        return status
    }

    private static func parse(_ target: String) throws(CommandFailure) -> Feed {
        let (body, documentURL, charset) = try load(target)
        do {
            return try FeedParser.parse(body, documentURL: documentURL, charsetHint: charset)
        } catch {
            throw CommandFailure(message: "\(target): \(error)", status: ExitStatus.failure)
        }
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
        let unreadable = CommandFailure(message: "\(target): cannot be read (check its permissions)", status: ExitStatus.failure)
        // FileHandle reads FIFOs and devices too (`parse /dev/stdin`, `<(curl …)`).
        guard let handle = FileHandle(forReadingAtPath: target) else { throw unreadable }
        let data: Data?
        if let size = regularFileSize(handle) {
            data = readRegularFile(handle, size: size)
        } else {
            data = readAll(handle)
        }
        guard let data else { throw unreadable }
        return (data, URL(fileURLWithPath: target).absoluteString, nil)
    }

    /// The size of a regular file; nil for anything else (a FIFO, a device).
    private static func regularFileSize(_ handle: FileHandle) -> Int? {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Reads a file of known size straight into one buffer of that size (not mapped: a file
    /// truncated while mapped would kill the process), then whatever it grew by meanwhile.
    private static func readRegularFile(_ handle: FileHandle, size: Int) -> Data? {
        var data = Data(count: size)
        let filled = data.withUnsafeMutableBytes { buffer -> Int? in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < size {
                let count = Glibc.read(handle.fileDescriptor, base + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                offset += count
            }
            return offset
        }
        guard let filled, let rest = readAll(handle) else { return nil }
        if filled < size { data.removeSubrange(filled...) }
        data.append(rest)
        return data
    }
}
