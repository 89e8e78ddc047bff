// Hands fetch results from the download thread to the thread that parses and stores
// them, so downloads continue while a feed is being parsed.
import Foundation

final class ResultChannel<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Taken from `head` on; the slots before it are spent. Removing from the front of an
    /// array moves everything behind it, and in a cold fetch the queue holds hundreds of
    /// parsed feeds while the store catches up: that moving was 2.4 % of the store thread.
    private var items: [Element?] = []
    private var head = 0
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
            while isEmpty && !closed {
                if !condition.wait(until: deadline) { break }
            }
            return takeFirst()
        }
    }

    /// The next item, waiting for one; nil when closed and empty.
    func receive() -> Element? {
        condition.withLock {
            while isEmpty && !closed { condition.wait() }
            return takeFirst()
        }
    }

    private var isEmpty: Bool { head == items.count }

    /// Called with the lock held. The spent slots are dropped once they are the larger part
    /// of the array, so each item is moved at most once more on average.
    private func takeFirst() -> Element? {
        guard !isEmpty else { return nil }
        let item = items[head].take()
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
