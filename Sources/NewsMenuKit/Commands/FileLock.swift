// One writer at a time: an advisory lock on a file beside what it guards. The database's
// (DB.lock) keeps a cron fetch and a manual one from overlapping; the config's
// (feeds.json.lock) keeps two edits from each writing what they read and losing the other's.
// The kernel drops the lock when the process ends, however it ends, so a killed process
// never leaves a stale lock. Reading needs no lock.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class FileLock {
    let path: String
    /// True when another process held the lock at first, and this one waited for it.
    let waited: Bool
    private let descriptor: Int32

    /// Takes the fetch lock for `databasePath`, waiting up to `wait` seconds for a running fetch.
    convenience init(databasePath: String, wait: TimeInterval, command: String = "fetch") throws(FileLockError) {
        try self.init(path: databasePath + ".lock", wait: wait, command: command)
    }

    /// Takes the lock on the file at `path`, waiting up to `wait` seconds for its holder;
    /// `command` (the one taking it: fetch, vacuum, tab add) is recorded for the messages of the others.
    init(path: String, wait: TimeInterval, command: String) throws(FileLockError) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .failure("cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        let deadline = Date().addingTimeInterval(wait)
        var waited = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .failure("cannot lock \(path): \(reason)")
            }
            guard Date() < deadline else {
                let (holder, command) = Self.holder(of: descriptor)
                close(descriptor)
                throw .busy(lockPath: path, holder: holder, command: command)
            }
            usleep(100_000)
            waited = true
        }
        self.waited = waited
        record(command: command)
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }

    /// Writes who holds the lock, for the message a waiting process prints: the process on
    /// the first line, the command on the second.
    private func record(command: String) {
        let text = "pid \(getpid()), started \(Timestamp.rfc3339(Date()))\n\(command)\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    /// The holder's process and command as `record` wrote them; a file written by an older
    /// newsmenu has no command line, and was a fetch's.
    private static func holder(of descriptor: Int32) -> (holder: String, command: String) {
        var buffer = [UInt8](repeating: 0, count: 200)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (lines.first ?? "another newsmenu fetch", lines.count > 1 ? lines[1] : "fetch")
    }
}

enum FileLockError: Error {
    /// `command` (fetch, vacuum, tab add) holds the lock at `lockPath`; `holder` says which process.
    case busy(lockPath: String, holder: String, command: String)
    case failure(String)
}

extension FileLockError {
    /// "another fetch is running (pid 12, started …)", or the vacuum or config edit that is.
    static func running(_ command: String, _ holder: String) -> String {
        (command == "fetch" ? "another fetch" : "newsmenu \(command)") + " is running (\(holder))"
    }

    /// The message and exit status for a lock that could not be taken after `wait` seconds.
    func commandFailure(wait: TimeInterval) -> CommandFailure {
        switch self {
        case .busy(let path, let holder, let command):
            return CommandFailure(
                message: Self.running(command, holder) + " and holds \(path); "
                    + (wait > 0 ? "gave up after waiting \(Int(wait)) s" : "not waiting (use --wait SECONDS)"),
                status: ExitStatus.busy)
        case .failure(let message):
            return CommandFailure(message: message, status: ExitStatus.failure)
        }
    }
}
