// What the fetch stage takes and gives: requests, options, responses and failures.
// Fetch knows nothing of XML: it returns bytes and headers.
import Foundation
import NewsModel

/// One feed to download. The validators are sent back exactly as a server gave them.
public struct FetchRequest: Sendable, Equatable {
    public var url: String
    public var etag: HTTPValidator?
    public var lastModified: HTTPValidator?
    /// The URL whose response gave the validators: they are sent to that hop only, never
    /// to another URL a redirect passes through. Nil: the request's own URL.
    public var validatorsURL: String?
    /// The caller's own number for the request, handed back with its result (two
    /// requests may share a URL).
    public var tag: Int

    public init(url: String, etag: HTTPValidator? = nil, lastModified: HTTPValidator? = nil, validatorsURL: String? = nil,
                tag: Int = 0) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.validatorsURL = validatorsURL
        self.tag = tag
    }
}

/// Limits and manners for a whole run.
public struct FetchOptions: Sendable, Equatable {
    /// Transfers in flight at once.
    public var maxConcurrent: Int
    /// Transfers in flight to one host name (whatever the scheme and port) at once: politeness.
    public var maxPerHost: Int
    public var connectTimeout: TimeInterval
    /// Ceiling for one whole transfer.
    public var timeout: TimeInterval
    /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedTime` is aborted.
    public var lowSpeedBytesPerSecond: Int
    public var lowSpeedTime: TimeInterval
    /// A body larger than this is an error, never a truncated parse.
    public var maxBodyBytes: Int
    public var maxRedirects: Int
    public var userAgent: String

    public static let defaultUserAgent = "newsmenu/\(NewsmenuVersion.number) (+\(NewsmenuVersion.projectURL))"

    public init(
        maxConcurrent: Int = 16, maxPerHost: Int = 2, connectTimeout: TimeInterval = 10, timeout: TimeInterval = 30,
        lowSpeedBytesPerSecond: Int = 1024, lowSpeedTime: TimeInterval = 15,
        maxBodyBytes: Int = 20 * 1024 * 1024, maxRedirects: Int = 5,
        userAgent: String = FetchOptions.defaultUserAgent
    ) {
        self.maxConcurrent = maxConcurrent
        self.maxPerHost = maxPerHost
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedTime = lowSpeedTime
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.userAgent = userAgent
    }
}

/// A completed download: HTTP 2xx or 304, or a file read.
public struct FetchResponse: Sendable, Equatable {
    public var url: String
    /// Where the body came from after redirects.
    public var effectiveURL: String
    /// Set when the request URL reached the body through permanent redirects (301, 308)
    /// only: the URL to use from now on.
    public var permanentURL: String?
    /// The HTTP status; 200 for a `file:` URL.
    public var status: Int
    /// Empty once `droppingBody` has let it go; `bodyByteCount` still says how long it was.
    public private(set) var body: Data
    public private(set) var bodyByteCount: Int
    public var etag: HTTPValidator?
    public var lastModified: HTTPValidator?
    public var contentType: String?
    /// The Content-Encoding the body came in, which libcurl decoded (`gzip`, `br`, …).
    public var contentEncoding: String?
    /// How long the server says the feed stays fresh (Cache-Control max-age / Expires).
    public var freshnessLifetime: TimeInterval?
    /// The Content-Length the body ended at (bytes as sent, before decompression), when the
    /// server announced one. A server that sent more than it announced is cut off there
    /// without an error; a document that stops before its end here was cut by that length.
    public var announcedLength: Int64?
    /// From the first hop's start to the last byte.
    public var duration: TimeInterval

    public init(
        url: String, effectiveURL: String, permanentURL: String? = nil, status: Int, body: Data,
        etag: HTTPValidator? = nil, lastModified: HTTPValidator? = nil, contentType: String? = nil,
        contentEncoding: String? = nil, freshnessLifetime: TimeInterval? = nil, announcedLength: Int64? = nil,
        duration: TimeInterval = 0
    ) {
        self.url = url
        self.effectiveURL = effectiveURL
        self.permanentURL = permanentURL
        self.status = status
        self.body = body
        bodyByteCount = body.count
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.freshnessLifetime = freshnessLifetime
        self.announcedLength = announcedLength
        self.duration = duration
    }

    /// This response without its body, once it is parsed: a fetch holds hundreds of parsed
    /// feeds while the store catches up, and their bodies (6 MB for the benchmark's 500
    /// feeds) were kept to the end for nothing but their length.
    public func droppingBody() -> FetchResponse {
        var response = self
        response.body = Data()
        return response
    }

    /// The compression the body was decoded from; nil when it came as it is (no
    /// Content-Encoding, or `identity`).
    public var compression: String? {
        guard let coding = contentEncoding?.lowercased(), coding != "identity" else { return nil }
        return coding
    }

    /// 304: the server says the feed did not change; there is nothing to parse.
    public var isNotModified: Bool { status == 304 }

    /// The `charset` parameter of Content-Type, if the server named one.
    public var charset: String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2,
                  pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

/// Why one feed could not be downloaded. `description` names the URL and the reason.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The server answered with a status that is not success.
        case httpStatus(Int)
        /// libcurl failed: its code and its own message.
        case transport(code: Int, message: String)
        /// The body went past `FetchOptions.maxBodyBytes`.
        case tooLarge(limit: Int)
        /// More redirects than `FetchOptions.maxRedirects` (a loop, usually).
        case tooManyRedirects(limit: Int)
        /// A redirect to a scheme other than http or https (`file:`, …), or to something
        /// that is not a URL at all, not followed.
        case redirectRefused(target: String)
        /// A redirect status with no Location to follow.
        case redirectWithoutLocation(status: Int)
        /// The connection closed before the header block's empty line: no answer to trust.
        case incompleteHeaders
        /// 304 Not Modified to a request that sent no validators: nothing it could refer to.
        case notModifiedUnasked
        /// 206 Partial Content: newsmenu never asks for a range, so the body is not the feed.
        case partialContentUnasked
    }

    public var url: String
    public var reason: Reason
    /// The URL that failed when redirects led there from `url`; nil when `url` itself failed.
    public var redirectedTo: String?
    /// `Retry-After` of a 429 or 503, in seconds from the response.
    public var retryAfter: TimeInterval?
    /// From the first hop's start to the failure.
    public var duration: TimeInterval

    public init(url: String, reason: Reason, redirectedTo: String? = nil, retryAfter: TimeInterval? = nil,
                duration: TimeInterval = 0) {
        self.url = url
        self.reason = reason
        self.redirectedTo = redirectedTo
        self.retryAfter = retryAfter
        self.duration = duration
    }

    /// Whether no server was reached at all: its name did not resolve, or nothing took the
    /// connection (the proxy's either, when one is set). Such failures, every feed's at once,
    /// say more about this machine (offline, a proxy that is down) than about the servers.
    public var reachedNoServer: Bool {
        guard case .transport(let code, _) = reason else { return false }
        return code == 5 || code == 6 || code == 7  // CURLE_COULDNT_RESOLVE_PROXY, _RESOLVE_HOST, _CONNECT
    }

    /// The HTTP status when the server answered, for reports.
    public var status: Int? {
        switch reason {
        case .httpStatus(let status), .redirectWithoutLocation(let status): return status
        case .notModifiedUnasked: return 304
        case .partialContentUnasked: return 206
        default: return nil
        }
    }

    public var description: String {
        "\(url): \(reasonDescription)"
    }

    /// What went wrong, without the URL: for a message that names the URL already. After a
    /// redirect it names the URL that failed: the one in the config may be fine.
    public var reasonDescription: String {
        redirectedTo.map { "after a redirect to \($0): \(reasonWords)" } ?? reasonWords
    }

    private var reasonWords: String {
        switch reason {
        case .httpStatus(let status):
            return HTTPStatusText.named(status)
        case .redirectWithoutLocation(let status):
            return "\(HTTPStatusText.named(status)) without a Location to follow"
        case .transport(let code, let message):
            // libcurl's own words stay, after plain ones: its are exact but often cryptic.
            return TransferFailureText.words(code: code, detail: message).map { "\($0) (\(message))" } ?? message
        case .tooLarge(let limit):
            let size = limit % (1024 * 1024) == 0 ? "\(limit / (1024 * 1024)) MiB" : "\(limit)-byte"
            return "the feed is larger than the \(size) limit (counted after decompression)"
        case .tooManyRedirects(let limit):
            return "more than \(limit) redirects (a redirect loop?)"
        case .redirectRefused(let target) where LinkScheme.of(target) != nil:
            return "refused to follow a redirect to \(target) (only http and https are followed)"
        case .redirectRefused(let target):
            // libcurl hands back a Location it could not make a URL of as it came.
            return "refused to follow a redirect to \(target), which is not a URL"
        case .incompleteHeaders:
            return "the server closed the connection before it finished sending the headers"
        case .notModifiedUnasked:
            return "the server answered 304 Not Modified to a request that was not conditional"
        case .partialContentUnasked:
            return "the server answered 206 Partial Content, though no range was asked for"
        }
    }
}

/// Reason phrases for the statuses a feed reader commonly meets, for messages only.
enum HTTPStatusText {
    /// `HTTP 404 Not Found`, or `HTTP 599` for a status without a phrase here.
    static func named(_ status: Int) -> String {
        "HTTP \(status)\(phrase(status).map { " \($0)" } ?? "")"
    }

    static func phrase(_ status: Int) -> String? {
        switch status {
        case 300: return "Multiple Choices"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 407: return "Proxy Authentication Required"
        case 408: return "Request Timeout"
        case 410: return "Gone"
        case 414: return "URI Too Long"
        case 421: return "Misdirected Request"
        case 426: return "Upgrade Required"
        case 429: return "Too Many Requests"
        case 451: return "Unavailable For Legal Reasons"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        case 511: return "Network Authentication Required"
        default: return nil
        }
    }
}
