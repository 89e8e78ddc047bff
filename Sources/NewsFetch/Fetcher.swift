// Downloads many feeds at once through one libcurl multi handle, at most
// `maxConcurrent` in flight, and hands each result over the moment it is complete so the
// caller can parse and store it while the others are still downloading.
import Foundation
internal import CCurl

public final class Fetcher {
    public let options: FetchOptions

    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
    }

    /// Fetches every request and calls `onResult` once per request, on the calling thread,
    /// in completion order. Blocks until all are done: call it from a thread of its own,
    /// never from Swift's cooperative pool. One failure never stops the others.
    public func fetchAll(
        _ requests: [FetchRequest],
        onResult: (FetchRequest, Result<FetchResponse, FetchError>) -> Void
    ) {
        guard let multi = MultiHandle() else {
            for request in requests {
                onResult(request, .failure(FetchError(
                    url: request.url, reason: .transport(code: -1, message: "libcurl could not be initialised"))))
            }
            return
        }
        var waiting = requests[...]
        let cap = max(1, options.maxConcurrent)
        while !waiting.isEmpty || multi.activeCount > 0 {
            while multi.activeCount < cap, let request = waiting.popFirst() {
                start(request, on: multi, onResult: onResult)
            }
            for (transfer, code) in multi.step(timeoutMilliseconds: 1000) {
                onResult(transfer.request, transfer.outcome(code: code))
            }
        }
    }

    /// Convenience for one feed (`newsmenu parse URL`).
    public func fetch(_ request: FetchRequest) -> Result<FetchResponse, FetchError> {
        var outcome: Result<FetchResponse, FetchError> = .failure(FetchError(
            url: request.url, reason: .transport(code: -1, message: "no result")))
        fetchAll([request]) { _, result in outcome = result }
        return outcome
    }

    private func start(
        _ request: FetchRequest, on multi: MultiHandle,
        onResult: (FetchRequest, Result<FetchResponse, FetchError>) -> Void
    ) {
        do {
            let transfer = try EasyTransfer(request: request, options: options)
            if !multi.add(transfer) {
                onResult(request, .failure(FetchError(
                    url: request.url, reason: .transport(code: -1, message: "libcurl refused the transfer"))))
            }
        } catch {
            onResult(request, .failure(error))
        }
    }
}
