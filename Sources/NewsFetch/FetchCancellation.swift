// Stops a running `Fetcher.fetchAll` from another thread: the interactive view's quit while
// its refresh is still downloading.
import Foundation

public final class FetchCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    /// Interrupts the running fetch's wait for sockets; set while a fetch runs.
    private var wake: (() -> Void)?

    public init() {}

    public var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// The transfers in flight are dropped and no other starts; `fetchAll` returns without
    /// results for them.
    public func cancel() {
        lock.withLock {
            cancelled = true
            wake?()
        }
    }

    /// Called by `fetchAll` with the way to interrupt its wait, and with nil before that
    /// way stops working: under the lock, so `cancel` never wakes a handle being freed.
    func setWake(_ wake: (() -> Void)?) {
        lock.withLock { self.wake = wake }
    }
}
