import Foundation
import Testing
@testable import NewsMenuKit

@Suite struct ResultChannelTests {
    @Test func itemsComeOutInTheOrderTheyWentInAcrossTheQueuesCompaction() {
        let channel = ResultChannel<Int>()
        var received: [Int] = []
        var next = 0
        // Uneven sends and receives keep a backlog, so the spent slots are dropped several
        // times while items are still waiting behind them.
        for round in 0..<50 {
            for _ in 0..<(round % 7 + 3) {
                channel.send(next)
                next += 1
            }
            for _ in 0..<(round % 5 + 1) {
                if let item = channel.receive(before: Date()) { received.append(item) }
            }
        }
        channel.close()
        while let item = channel.receive() { received.append(item) }
        #expect(received == Array(0..<next))
        #expect(next > 200)
    }

    @Test func aReceiveWaitsForASendFromAnotherThread() {
        let channel = ResultChannel<String>()
        let sender = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            channel.send("late")
            channel.close()
        }
        sender.start()
        #expect(channel.receive() == "late")
        #expect(channel.receive() == nil)
    }

    @Test func aDeadlineThatPassesGivesNothingAndLosesNothing() {
        let channel = ResultChannel<Int>()
        #expect(channel.receive(before: Date().addingTimeInterval(0.02)) == nil)
        channel.send(7)
        #expect(channel.receive(before: Date().addingTimeInterval(0.02)) == 7)
    }
}
