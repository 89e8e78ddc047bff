// What `newsmenu add` is given, made into the URL the config will hold, before anything is
// downloaded: the path of a feed file becomes its file:/// URL, and a URL's scheme and host,
// which are case-insensitive, are lowercased, since the config compares URLs as text (the
// same feed under HTTP://Example.com would be listed, and fetched, twice).
import Foundation

enum FeedAddress {
    static func url(from given: String) throws(CommandFailure) -> String {
        guard let schemeEnd = given.range(of: "://") else {
            guard FileManager.default.fileExists(atPath: given) else {
                throw .usage("'\(given)' is neither a URL (http://, https:// or file:///) nor a file here")
            }
            return URL(fileURLWithPath: given).standardizedFileURL.absoluteString
        }
        let scheme = given[..<schemeEnd.lowerBound].lowercased()
        let rest = given[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        // The user name before an @ keeps its case; the host and port after it are lowercased.
        let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
        authority.replaceSubrange(hostStart..., with: authority[hostStart...].lowercased())
        let url = scheme + "://" + authority + rest[authorityEnd...]
        guard ConfigLoader.isFeedURL(url) else { throw .usage("'\(given)' is \(ConfigLoader.feedURLRule)") }
        return url
    }
}
