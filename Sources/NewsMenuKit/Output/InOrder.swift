// Work done on two threads, its results used in order on the calling thread: the JSON
// blocks of a long article list, the feeds of `parse F1 F2 …`.
import Foundation

enum InOrder {
    /// Makes results 0..<count with `make`, on the calling thread and on one more, and hands
    /// them to `emit` on the calling thread in index order. Each thread claims the next index
    /// when it is free, so a slow item does not hold the other thread up; no index is claimed
    /// more than `window` ahead of the next to emit, which bounds the results held.
    static func map<Value: Sendable>(
        count: Int, window: Int = 4, make: @escaping @Sendable (Int) -> Value, emit: (Int, Value) -> Void
    ) {
        let results = OrderedResults<Value>(count: count, window: max(window, 2))
        let helperDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while let index = results.claim(waiting: true) { results.put(make(index), at: index) }
            helperDone.signal()
        }
        while let next = results.nextToEmit() {
            if let result = results.take(next, waiting: false) {
                emit(next, result)
            } else if let index = results.claim(waiting: false) {
                results.put(make(index), at: index)
            } else if let result = results.take(next, waiting: true) {
                // Claimed by the helper (this thread puts what it claims at once).
                emit(next, result)
            }
        }
        // Every result is emitted; the helper only has to notice there is nothing left.
        helperDone.wait()
    }
}

/// The shared books of InOrder.map: the next index to claim, the next to emit, and the
/// results made and not yet emitted. Every field is read and written under `condition`.
private final class OrderedResults<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var claimed = 0
    private var emitted = 0
    private var ready: [Int: Value] = [:]

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// The next index to work on; nil when all are claimed, or (not waiting) when the
    /// window is full. The helper waits for room; the emitting thread never does, since it
    /// is the one that makes room.
    func claim(waiting: Bool) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while claimed < count, claimed >= emitted + window {
            guard waiting else { return nil }
            condition.wait()
        }
        guard claimed < count else { return nil }
        claimed += 1
        return claimed - 1
    }

    func put(_ result: Value, at index: Int) {
        condition.lock()
        ready[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// The index whose result is to be emitted next, nil when all have been.
    func nextToEmit() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        return emitted < count ? emitted : nil
    }

    /// The result for `index` (the next to emit); nil if it is not made yet and not waiting.
    func take(_ index: Int, waiting: Bool) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = ready.removeValue(forKey: index) {
                emitted += 1
                condition.broadcast()
                return result
            }
            guard waiting else { return nil }
            condition.wait()
        }
    }
}
