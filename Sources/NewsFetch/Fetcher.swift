// Downloads many feeds at once through one libcurl multi handle (so connections are
// reused): at most `maxConcurrent` transfers in flight and `maxPerHost` per host, redirects
// checked hop by hop, and each result handed over the moment it is complete so the caller
// can parse and store it while the others are still downloading.
import Foundation
internal import CCurl

public final class Fetcher: Sendable {
    public let options: FetchOptions

    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
    }

    /// Fetches every request and calls `onResult` once per request, on the calling thread,
    /// in completion order. Blocks until all are done: call it from a thread of its own,
    /// never from Swift's cooperative pool. One failure never stops the others. Once
    /// `cancellation` is cancelled it returns at once, with no result for the requests not
    /// finished by then.
    public func fetchAll(
        _ requests: [FetchRequest],
        cancellation: FetchCancellation? = nil,
        onResult: (FetchRequest, Result<FetchResponse, FetchError>) -> Void
    ) {
        let curl: CurlLibrary
        switch CurlLibrary.shared {
        case .success(let loaded):
            curl = loaded
        case .failure(let failure):
            for request in requests {
                onResult(request, .failure(FetchError(url: request.url, reason: .transport(code: -1, message: failure.message))))
            }
            return
        }
        guard let multi = MultiHandle(curl: curl) else {
            for request in requests {
                onResult(request, .failure(FetchError(
                    url: request.url, reason: .transport(code: -1, message: "libcurl could not make a multi handle"))))
            }
            return
        }
        cancellation?.setWake { multi.wakeUp() }
        defer { cancellation?.setWake(nil) }
        var waiting = HostQueues()
        for request in requests { waiting.enqueue(FetchInProgress(request)) }
        let cap = max(1, options.maxConcurrent)
        let perHost = max(1, options.maxPerHost)
        while waiting.waitingCount > 0 || multi.activeCount > 0 {
            if cancellation?.isCancelled == true {
                _ = multi.abandonAll()
                return
            }
            while multi.activeCount < cap, let fetch = waiting.next(maxPerHost: perHost) {
                if fetch.started == nil { fetch.started = Date() }
                // The transfer limit is for the whole fetch, redirects included.
                let remaining = options.timeout - fetch.elapsed
                do throws(FetchError) {
                    guard remaining > 0 else {
                        throw fetch.failure(.transport(
                            code: 28, message: "Operation timed out after \(Int(options.timeout * 1000)) milliseconds, redirects included"))
                    }
                    let transfer = try EasyTransfer(fetch: fetch, options: options, timeout: remaining, curl: curl)
                    if !multi.add(transfer) {
                        waiting.finished(host: fetch.hostKey)
                        onResult(fetch.request, .failure(fetch.failure(.transport(code: -1, message: "libcurl refused the transfer"))))
                    }
                } catch {
                    waiting.finished(host: fetch.hostKey)
                    onResult(fetch.request, .failure(error))
                }
            }
            let finished: [(EasyTransfer, CURLcode)]
            do {
                finished = try multi.step(timeoutMilliseconds: 1000)
            } catch {
                // Nothing more can be downloaded with this handle: every feed still
                // pending fails with libcurl's reason.
                for fetch in multi.abandonAll().map(\.fetch) + waiting.removeAll() {
                    onResult(fetch.request, .failure(FetchError(
                        url: fetch.request.url, reason: .transport(code: -1, message: error.message),
                        duration: fetch.elapsed)))
                }
                return
            }
            for (transfer, code) in finished {
                // The fetch is still at this hop's URL: `follow` moves it on only below.
                waiting.finished(host: transfer.fetch.hostKey)
                if let result = conclude(transfer.fetch, transfer.outcome(code: code)) {
                    let elapsed = transfer.fetch.elapsed
                    onResult(transfer.fetch.request, result.map { response in
                        var timed = response
                        timed.duration = elapsed
                        return timed
                    }.mapError { error in
                        var timed = error
                        timed.duration = elapsed
                        return timed
                    })
                } else {
                    waiting.enqueue(transfer.fetch, first: true)
                }
            }
        }
    }

    /// Loads libcurl on a thread of its own and returns at once. Loading it (the dynamic
    /// loader relocating libcurl and its dependency tree) was a third of the download
    /// thread's work in a refresh where every feed answers 304, all of it before the first
    /// request; started first, it overlaps reading the config and the database. `fetchAll`
    /// waits for a load in progress rather than starting another.
    public static func loadLibraryInBackground() {
        backgroundLoad.start()
    }

    /// Returns once the thread `loadLibraryInBackground` started has ended. A command that
    /// started one calls this before it ends: exiting while the other thread is inside
    /// dlopen or curl_global_init runs the libraries' destructors under it (a fetch that
    /// failed at once on a damaged database crashed that way now and then), and so does
    /// exiting while it is still ending (BackgroundLibraryLoad).
    public static func waitForBackgroundLoad() {
        backgroundLoad.join()
    }

    private static let backgroundLoad = BackgroundLibraryLoad()

    /// Why libcurl cannot be used (loading it if that has not happened yet), nil when it can.
    /// A run asks once before fetching: otherwise every feed would fail with the same
    /// message and be backed off as if its server were at fault.
    public static func libraryProblem() -> String? {
        guard case .failure(let failure) = CurlLibrary.shared else { return nil }
        return failure.message
    }

    /// Convenience for one feed (`newsmenu parse URL`).
    public func fetch(_ request: FetchRequest) -> Result<FetchResponse, FetchError> {
        var outcome: Result<FetchResponse, FetchError> = .failure(FetchError(
            url: request.url, reason: .transport(code: -1, message: "no result")))
        fetchAll([request]) { _, result in outcome = result }
        return outcome
    }

    /// The fetch's result after this hop, or nil when it continues with a redirect.
    private func conclude(_ fetch: FetchInProgress, _ outcome: EasyTransfer.Outcome) -> Result<FetchResponse, FetchError>? {
        switch outcome {
        case .failed(let reason):
            return .failure(fetch.failure(reason))
        case .answered(let status, let headers, let body, let target, let announcedLength):
            let now = Date()
            if (300..<400).contains(status), status != 304 {
                guard let target else { return .failure(fetch.failure(.redirectWithoutLocation(status: status))) }
                do {
                    try fetch.follow(status: status, to: target, limit: options.maxRedirects)
                    return nil
                } catch {
                    return .failure(error)
                }
            }
            guard (200..<300).contains(status) || status == 304 else {
                // Retry-After means "busy, come back later" only on these two.
                let retryAfter = status == 429 || status == 503 ? headers.retryAfter(now: now) : nil
                return .failure(fetch.failure(.httpStatus(status), retryAfter: retryAfter))
            }
            // Answers to questions not asked: taken for success, a 304 left a new feed empty
            // for good (its ETag stored and sent ever after), and a 206 was parsed as the
            // whole feed.
            if status == 304, !fetch.sendsValidators {
                return .failure(fetch.failure(.notModifiedUnasked))
            }
            if status == 206 {
                return .failure(fetch.failure(.partialContentUnasked))
            }
            return .success(FetchResponse(
                url: fetch.request.url, effectiveURL: fetch.currentURL, permanentURL: fetch.permanentURL,
                status: status, body: body,
                etag: headers.validator(of: "etag"), lastModified: headers.validator(of: "last-modified"),
                contentType: headers.value(of: "content-type"), contentEncoding: headers.value(of: "content-encoding"),
                freshnessLifetime: headers.freshnessLifetime(now: now), announcedLength: announcedLength))
        }
    }
}
