// What `newsmenu add` is given, made into the URL the config will hold, before anything is
// downloaded: the path of a feed file becomes its file:/// URL, a `feed:` URL the web address
// it stands for, and a URL's scheme and host, which are case-insensitive, are lowercased,
// since the config compares URLs as text (the same feed under HTTP://Example.com would be
// listed, and fetched, twice).
import Foundation

enum FeedAddress {
    static func url(from argument: String) throws(CommandFailure) -> String {
        let given = unwrappingFeedScheme(argument)
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
        guard ConfigLoader.isFeedURL(url) else { throw .usage("'\(argument)' is \(ConfigLoader.feedURLRule)") }
        return url
    }

    /// The web address a `feed:` URL stands for: sites and browsers hand a feed to a reader
    /// as `feed://host/path` (http), `feed:https://host/path` or `feed://https://host/path`,
    /// and the reader fetches it by http or https. Any other text comes back as it is.
    static func unwrappingFeedScheme(_ text: String) -> String {
        guard text.lowercased().hasPrefix("feed:") else { return text }
        var rest = Substring(text.dropFirst(5))
        let isWrapped = { (url: Substring) in url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") }
        if isWrapped(rest) { return String(rest) }
        guard rest.hasPrefix("//") else { return text }
        rest = rest.dropFirst(2)
        return isWrapped(rest) ? String(rest) : "http://" + rest
    }
}
