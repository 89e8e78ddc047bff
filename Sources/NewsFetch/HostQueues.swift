// The fetches waiting to start, queued per host so that no host gets more than its share
// of transfers at once, and hosts take turns.

struct HostQueues {
    private var queues: [String: [FetchInProgress]] = [:]
    /// Hosts in the order first seen; `cursor` rotates through them.
    private var hosts: [String] = []
    private var cursor = 0
    private var inFlight: [String: Int] = [:]
    private(set) var waitingCount = 0

    mutating func enqueue(_ fetch: FetchInProgress, first: Bool = false) {
        let host = fetch.hostKey
        if queues[host] == nil {
            queues[host] = []
            hosts.append(host)
        }
        if first {
            queues[host, default: []].insert(fetch, at: 0)
        } else {
            queues[host, default: []].append(fetch)
        }
        waitingCount += 1
    }

    /// The next fetch whose host has fewer than `maxPerHost` transfers running, counted as
    /// running from now on; nil when every waiting fetch's host is at its cap.
    mutating func next(maxPerHost: Int) -> FetchInProgress? {
        guard waitingCount > 0 else { return nil }
        for step in 0..<hosts.count {
            let index = (cursor + step) % hosts.count
            let host = hosts[index]
            guard inFlight[host, default: 0] < maxPerHost, let fetch = queues[host]?.first else { continue }
            // In place: a copy taken out of the dictionary was copied again by removeFirst,
            // retaining every waiting fetch, per start (a tenth of an unchanged refresh's
            // download thread with 500 feeds on one host).
            queues[host]?.removeFirst()
            inFlight[host, default: 0] += 1
            waitingCount -= 1
            cursor = (index + 1) % hosts.count
            return fetch
        }
        return nil
    }

    /// Empties every queue, returning what was waiting.
    mutating func removeAll() -> [FetchInProgress] {
        let all = hosts.flatMap { queues[$0] ?? [] }
        queues.removeAll()
        waitingCount = 0
        return all
    }

    mutating func finished(host: String) {
        let count = inFlight[host, default: 0]
        assert(count > 0, "a transfer finished for \(host) that was never started")
        inFlight[host] = max(0, count - 1)
    }
}
