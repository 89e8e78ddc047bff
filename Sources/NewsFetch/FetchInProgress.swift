// One feed's fetch across its redirect hops: where it is now, how it got there, and
// whether every hop so far was permanent (so the new URL should replace the old one).
import Foundation

final class FetchInProgress {
    let request: FetchRequest
    private(set) var currentURL: String
    private(set) var redirectCount = 0
    /// The URL reached through permanent redirects (301, 308) only; nil when there were
    /// none, or once a temporary redirect has been followed.
    private(set) var permanentURL: String?
    private var onlyPermanentSoFar = true
    /// When the first hop was started; set by the fetcher.
    var started: Date?

    /// Politeness is per host: `hostKey(of: currentURL)`. Kept, not worked out at each use:
    /// parsing the URL twice per transfer (queueing it, and counting it finished) was a
    /// twentieth of the download thread's work.
    private(set) var hostKey: String

    init(_ request: FetchRequest) {
        self.request = request
        currentURL = request.url
        hostKey = Self.hostKey(of: request.url)
    }

    /// Whether this hop's request carries the validators: they belong to the URL that gave
    /// them, and another hop must not receive them.
    var sendsValidators: Bool {
        (request.etag != nil || request.lastModified != nil) && currentURL == request.validatorsURL ?? request.url
    }

    var elapsed: TimeInterval {
        started.map { Date().timeIntervalSince($0) } ?? 0
    }

    /// The lower-cased host name alone. Scheme and port are left out on purpose: keyed on
    /// the URL's spelling, `http://h/` and `http://h:80/` were two hosts and got twice the
    /// cap; and http and https of one site are one server to its operator, so they share it.
    static func hostKey(of url: String) -> String {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return url }
        return host
    }

    /// This fetch failing at its current hop, which it names when redirects led there.
    func failure(_ reason: FetchError.Reason, retryAfter: TimeInterval? = nil) -> FetchError {
        FetchError(url: request.url, reason: reason, redirectedTo: redirectCount > 0 ? currentURL : nil,
                   retryAfter: retryAfter)
    }

    /// Moves to the next hop. Throws when the redirect must not be followed.
    func follow(status: Int, to target: String, limit: Int) throws(FetchError) {
        guard redirectCount < limit else {
            throw failure(.tooManyRedirects(limit: limit))
        }
        let scheme = target.split(separator: ":", maxSplits: 1).first?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw failure(.redirectRefused(target: target))
        }
        redirectCount += 1
        currentURL = target
        hostKey = Self.hostKey(of: target)
        if onlyPermanentSoFar, status == 301 || status == 308 {
            permanentURL = target
        } else {
            onlyPermanentSoFar = false
            permanentURL = nil
        }
    }
}
