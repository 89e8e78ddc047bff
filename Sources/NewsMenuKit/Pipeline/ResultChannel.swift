// Hands fetch results from the download thread to the thread that parses and stores
// them, so downloads continue while a feed is being parsed.
import Foundation

final class ResultChannel<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false

    func send(_ item: Element) {
        condition.withLock {
            items.append(item)
            condition.signal()
        }
    }

    /// No more items will come; `receive` returns nil once the queue is drained.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// The next item, waiting for one until `deadline`; nil when the deadline passes or
    /// the channel is closed and empty.
    func receive(before deadline: Date) -> Element? {
        condition.withLock {
            while items.isEmpty && !closed {
                if !condition.wait(until: deadline) { break }
            }
            return items.isEmpty ? nil : items.removeFirst()
        }
    }

    /// The next item, waiting for one; nil when closed and empty.
    func receive() -> Element? {
        condition.withLock {
            while items.isEmpty && !closed { condition.wait() }
            return items.isEmpty ? nil : items.removeFirst()
        }
    }
}
