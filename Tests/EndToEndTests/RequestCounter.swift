// Counts requests across a loopback server's connection threads, for handlers that answer
// the first requests one way and the later ones another.
import Foundation

final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// This request's number, from 1.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
