// A lock file held by the test itself and recorded as newsmenu records its holder: what a
// running fetch, vacuum or config edit looks like to another newsmenu.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

final class HeldLockFile {
    /// The holder every held lock names, as newsmenu writes its own first line.
    static let holder = "pid 4242, started 2026-12-01T00:00:00Z"

    let path: String
    private let descriptor: Int32

    /// Takes the lock at `path` for as long as this lives, recorded as held by `command`.
    init(path: String, command: String) {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let record = "\(Self.holder)\n\(command)\n"
        #expect(record.withCString { pwrite(descriptor, $0, strlen($0), 0) } == record.utf8.count)
    }

    /// Lets the lock go before this is gone.
    func release() {
        flock(descriptor, LOCK_UN)
    }

    deinit {
        close(descriptor)
    }
}
