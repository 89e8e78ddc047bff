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
        HeapGrowth.reserveAhead()
        let targets = context.invocation.arguments
        let json = context.invocation.flag("--json")
        guard targets.count > 1 else {
            // The JSON of a large feed's articles is begun while its second half is parsed.
            let prepared = json ? FeedJSON.preparedBlocks() : nil
            let feed = try parse(targets[0], observer: prepared)
            if json { FeedJSON.write(feed, prepared: prepared) } else { Console.out(FeedText.describe(feed)) }
            leaveToExit(feed)
            return ExitStatus.success
        }
        var status = ExitStatus.success
        // Two files are parsed at a time; each is printed in the order given.
        InOrder.map(count: targets.count, make: { index in
            Result { () throws(CommandFailure) in try parse(targets[index]) }
        }, emit: { index, result in
            switch result {
            case .success(let feed):
                if json {
                    FeedJSON.writeLine(feed)
                } else {
                    Console.out((index > 0 ? "\n" : "") + "==> \(targets[index]) <==\n" + FeedText.describe(feed))
                }
            case .failure(let error):
                Console.err("newsmenu: \(error.message)")
                if json { FeedJSON.writeErrorLine(error.message) }
                status = ExitStatus.failure
            }
        })
        return status
    }

    /// The feed of a one-file parse, never freed: the process ends right after it is printed,
    /// and freeing a large feed one string at a time (25,000 articles of the 50 MB benchmark
    /// feed, 1.2 instructions a byte) is work the exit does not need. Held here, where it
    /// stays reachable, not by a retain nothing refers to, which LeakSanitizer reports as a
    /// leak (scripts/sanitizers). Written once, on the main thread, just before the exit.
    nonisolated(unsafe) private static var leftToExit: Feed?

    private static func leaveToExit(_ feed: Feed) {
        leftToExit = feed
    }

    private static func parse(_ target: String, observer: (any SplitReadObserver)? = nil) throws(CommandFailure) -> Feed {
        let (body, documentURL, charset) = try load(target)
        do {
            return try FeedParser.parse(body, documentURL: documentURL, charsetHint: charset, observer: observer)
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
    /// The buffer is not zeroed first, a large one asks for huge pages (a 50 MB feed took
    /// 12,800 page faults in 4 KB pages) and its second half is read on a second thread.
    private static func readRegularFile(_ handle: FileHandle, size: Int) -> Data? {
        let descriptor = handle.fileDescriptor
        guard size > 0, let buffer = InputBuffer(size: size) else { return readAll(handle) }
        let half = size >= InputBuffer.parallelMinimum ? size / 2 : size
        let secondHalf = InputBuffer.Reading(descriptor: descriptor, into: buffer, range: half..<size)
        secondHalf.start()
        let firstComplete = InputBuffer.Reading(descriptor: descriptor, into: buffer, range: 0..<half).run()
        // The second thread writes into the buffer: it must be done before the buffer is used.
        let secondComplete = secondHalf.wait()
        guard firstComplete, secondComplete else {
            // The file shrank while it was read: read what it holds now, from its start.
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
            return readAll(handle)
        }
        guard lseek(descriptor, off_t(size), SEEK_SET) == off_t(size), let rest = readAll(handle) else { return nil }
        var data = buffer.data()
        data.append(rest)
        return data
    }
}

/// The bytes of a regular file, read with pread into memory that is never zeroed; handed to
/// a Data that frees it. Used by one reading per range, each range by one thread.
private final class InputBuffer: @unchecked Sendable {
    /// Below this one thread reads the whole file.
    static let parallelMinimum = 4 << 20
    private static let hugePage = 2 << 20

    private let base: UnsafeMutableRawPointer
    private let size: Int
    private var handedOver = false

    init?(size: Int) {
        var memory: UnsafeMutableRawPointer?
        let alignment = size >= InputBuffer.hugePage ? InputBuffer.hugePage : 64
        guard posix_memalign(&memory, alignment, size) == 0, let memory else { return nil }
        if size >= InputBuffer.hugePage { _ = madvise(memory, size, MADV_HUGEPAGE) }
        base = memory
        self.size = size
    }

    deinit {
        if !handedOver { free(base) }
    }

    /// The bytes as a Data that frees them; called once, after every reading is done.
    func data() -> Data {
        handedOver = true
        return Data(bytesNoCopy: base, count: size, deallocator: .free)
    }

    /// Fills `range` of the buffer from the same offsets of the file; false when the file
    /// ends first or a read fails.
    final class Reading: @unchecked Sendable {
        private let descriptor: Int32
        private let buffer: InputBuffer
        private let range: Range<Int>
        private let done = DispatchSemaphore(value: 0)
        private var complete = false

        init(descriptor: Int32, into buffer: InputBuffer, range: Range<Int>) {
            self.descriptor = descriptor
            self.buffer = buffer
            self.range = range
        }

        func start() {
            guard !range.isEmpty else {
                complete = true
                done.signal()
                return
            }
            Thread.detachNewThread { [self] in
                complete = run()
                done.signal()
            }
        }

        /// The semaphore orders `complete`, written on the reading thread, before this read.
        func wait() -> Bool {
            done.wait()
            return complete
        }

        func run() -> Bool {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let count = pread(descriptor, buffer.base + offset, range.upperBound - offset, off_t(offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
