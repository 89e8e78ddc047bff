// What the store keeps about each feed between fetches, so the next fetch can be
// conditional, go to a moved feed's new home, skip a gone one, and wait until it is due.
import Foundation
import NewsModel

/// What one fetch learned about a feed besides its articles.
public struct FetchBookkeeping: Sendable, Equatable {
    /// The HTTP status (200 for a local file); nil when no answer came.
    public var status: Int?
    /// Validators exactly as the server sent them; nil keeps the stored ones after a 304.
    public var etag: HTTPValidator?
    public var lastModified: HTTPValidator?
    /// A hash of the body that was parsed.
    public var bodyHash: String?
    /// Where a permanent redirect pointed; nil leaves the stored value as it is.
    public var movedTo: String?
    /// 410 Gone: the feed is not fetched again until forced.
    public var isGone: Bool
    public var nextDue: Date?
    /// How often a stored (parsed) feed says it changes; nil when it says nothing, which
    /// clears the stored hint. Recording an unchanged feed keeps the stored hint.
    public var updateInterval: TimeInterval?
    /// Until when a 429 or 503 asked not to be asked again.
    public var retryAfterUntil: Date?
    /// The URL whose response carried the validators.
    public var validatorsURL: String?
    /// Set when articles are stored from a fetch that still failed (a body cut short at a
    /// wrong Content-Length): the message, recorded as the feed's last error.
    public var failure: String?

    public init(status: Int? = nil, etag: HTTPValidator? = nil, lastModified: HTTPValidator? = nil, bodyHash: String? = nil,
                movedTo: String? = nil, isGone: Bool = false, nextDue: Date? = nil,
                updateInterval: TimeInterval? = nil, retryAfterUntil: Date? = nil, validatorsURL: String? = nil,
                failure: String? = nil) {
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.movedTo = movedTo
        self.isGone = isGone
        self.nextDue = nextDue
        self.updateInterval = updateInterval
        self.retryAfterUntil = retryAfterUntil
        self.validatorsURL = validatorsURL
        self.failure = failure
    }
}

/// What the store remembers of a feed when the next fetch is planned.
public struct FeedFetchState: Sendable, Equatable {
    public var url: String
    public var etag: HTTPValidator?
    public var lastModified: HTTPValidator?
    public var bodyHash: String?
    public var movedTo: String?
    public var isGone: Bool
    public var nextDue: Date?
    /// Failures in a row, for back-off.
    public var failureCount: Int
    /// The last HTTP status; nil when no answer came or the feed was never fetched.
    public var lastStatus: Int?
    /// How often the feed last said it changes.
    public var updateInterval: TimeInterval?
    public var retryAfterUntil: Date?
    /// The URL the validators belong to; they are sent to that URL only.
    public var validatorsURL: String?

    public init(url: String, etag: HTTPValidator? = nil, lastModified: HTTPValidator? = nil, bodyHash: String? = nil,
                movedTo: String? = nil, isGone: Bool = false, nextDue: Date? = nil, failureCount: Int = 0,
                lastStatus: Int? = nil, updateInterval: TimeInterval? = nil, retryAfterUntil: Date? = nil,
                validatorsURL: String? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.movedTo = movedTo
        self.isGone = isGone
        self.nextDue = nextDue
        self.failureCount = failureCount
        self.lastStatus = lastStatus
        self.updateInterval = updateInterval
        self.retryAfterUntil = retryAfterUntil
        self.validatorsURL = validatorsURL
    }
}
