// One fetch at a time per database: an advisory lock on a file beside it, so a cron run and
// a manual run never overlap. The kernel drops the lock when the process ends, however it
// ends, so a killed fetch never leaves a stale lock. Reading the database needs no lock.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class FetchLock {
    let path: String
    /// True when another fetch held the lock at first, and this one waited for it.
    let waited: Bool
    private let descriptor: Int32

    /// Takes the lock for `databasePath`, waiting up to `wait` seconds for a running fetch.
    init(databasePath: String, wait: TimeInterval) throws(FetchLockError) {
        path = databasePath + ".lock"
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
                let holder = Self.holder(of: descriptor)
                close(descriptor)
                throw .busy(lockPath: path, holder: holder)
            }
            usleep(100_000)
            waited = true
        }
        self.waited = waited
        record()
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }

    /// Writes who holds the lock, for the message a waiting process prints.
    private func record() {
        let text = "pid \(getpid()), started \(Timestamp.rfc3339(Date()))\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    private static func holder(of descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 200)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "another newsmenu fetch" : trimmed
    }
}

enum FetchLockError: Error {
    case busy(lockPath: String, holder: String)
    case failure(String)
}
