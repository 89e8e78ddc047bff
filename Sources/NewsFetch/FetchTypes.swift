// What the fetch stage takes and gives: requests, options, responses and failures.
// Fetch knows nothing of XML: it returns bytes and headers.
import Foundation

/// One feed to download. The validators are sent back exactly as a server gave them.
public struct FetchRequest: Sendable, Equatable {
    public var url: String
    public var etag: String?
    public var lastModified: String?

    public init(url: String, etag: String? = nil, lastModified: String? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// Limits and manners for a whole run.
public struct FetchOptions: Sendable, Equatable {
    /// Transfers in flight at once.
    public var maxConcurrent: Int
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

    public init(
        maxConcurrent: Int = 16, connectTimeout: TimeInterval = 10, timeout: TimeInterval = 30,
        lowSpeedBytesPerSecond: Int = 1024, lowSpeedTime: TimeInterval = 15,
        maxBodyBytes: Int = 20 * 1024 * 1024, maxRedirects: Int = 5,
        userAgent: String = "newsmenu/0.1 (+https://github.com/newsmenu/newsmenu)"
    ) {
        self.maxConcurrent = maxConcurrent
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
    /// The HTTP status; 200 for a `file:` URL.
    public var status: Int
    public var body: Data
    public var etag: String?
    public var lastModified: String?
    public var contentType: String?

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
    }

    public var url: String
    public var reason: Reason

    public init(url: String, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .httpStatus(let status):
            return "\(url): HTTP \(status)\(HTTPStatusText.phrase(status).map { " \($0)" } ?? "")"
        case .transport(_, let message):
            return "\(url): \(message)"
        case .tooLarge(let limit):
            return "\(url): the feed is larger than the \(limit / (1024 * 1024)) MiB limit"
        }
    }
}

/// Reason phrases for the statuses a feed reader commonly meets, for messages only.
enum HTTPStatusText {
    static func phrase(_ status: Int) -> String? {
        switch status {
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 410: return "Gone"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return nil
        }
    }
}
