// The thread that loads libcurl ahead of the first transfer (Fetcher.loadLibraryInBackground),
// joined, not merely awaited, before the process exits.
import Foundation
import Glibc

/// A POSIX thread rather than a Foundation Thread, so that it can be joined: curl_global_init
/// leaves OpenSSL per-thread state on the loading thread, which OpenSSL frees as the thread
/// ends. A load that only signalled its end let the process exit while the thread was still
/// ending, and OpenSSL's exit-time cleanup ran beside it: the thread's 904-byte error state
/// was never freed (LeakSanitizer, in the test of a fetch that fails while libcurl loads),
/// and the two ran at once in OpenSSL. Joined, the thread has ended before exit begins.
final class BackgroundLibraryLoad: @unchecked Sendable {
    private let lock = NSLock()
    /// The loading thread, from its start until it is joined; guarded by `lock`.
    private var thread: pthread_t?

    /// Starts the load unless one has started and not been joined yet (the library loads
    /// once anyway: CurlLibrary.shared).
    func start() {
        lock.withLock {
            guard thread == nil else { return }
            var started = pthread_t()
            let created = pthread_create(&started, nil, { _ in
                _ = CurlLibrary.shared
                return nil
            }, nil)
            // Without a thread the first transfer loads the library itself.
            if created == 0 { thread = started }
        }
    }

    /// Returns once the thread started last has ended; at once when none is running.
    func join() {
        let started: pthread_t? = lock.withLock {
            defer { thread = nil }
            return thread
        }
        if let started { pthread_join(started, nil) }
    }
}
