// Finds the feed behind a URL for `newsmenu add`: the URL itself when it is a feed; for an
// HTML page, the feeds its <link rel="alternate"> tags advertise, else the first of the
// common feed paths on its site that parses.
import Foundation
import NewsModel
import NewsFetch
import NewsParse

struct FeedDiscovery {
    /// Paths tried on the page's site when the page advertises no feed.
    static let commonPaths = ["/feed", "/rss", "/atom.xml", "/index.xml", "/feed.json"]

    /// A feed downloaded and parsed, and the URL to subscribe to: where permanent redirects
    /// (301, 308) led, which the fetch would otherwise report as moved every run.
    struct LoadedFeed {
        let url: String
        let feed: Feed
    }

    /// What a URL turned out to be.
    enum Finding {
        case feed(LoadedFeed)
        /// An HTML page and the feeds found for it, in preference order.
        case page(candidates: [String])
    }

    let fetcher: Fetcher

    /// Downloads and parses `url`; a message naming the URL when that fails.
    func load(_ url: String) -> Result<LoadedFeed, FeedLoadError> {
        switch fetcher.fetch(FetchRequest(url: url)) {
        case .failure(let error):
            return .failure(FeedLoadError(url: url, message: error.reasonDescription))
        case .success(let response):
            do {
                let feed = try FeedParser.parse(response.body, documentURL: response.effectiveURL,
                                                charsetHint: response.charset)
                return .success(LoadedFeed(url: response.permanentURL ?? url, feed: feed))
            } catch {
                return .failure(FeedLoadError(url: url, message: "\(error)", advertised: Self.advertised(error)))
            }
        }
    }

    func examine(_ url: String) -> Result<Finding, FeedLoadError> {
        switch load(url) {
        case .success(let loaded):
            return .success(.feed(loaded))
        case .failure(let error):
            guard let advertised = error.advertised else { return .failure(error) }
            if !advertised.isEmpty { return .success(.page(candidates: advertised)) }
            let probed = Self.commonURLs(for: url).filter {
                if case .success = load($0) { true } else { false }
            }
            guard !probed.isEmpty else {
                return .failure(FeedLoadError(url: url, message: "an HTML page that advertises no feed, and none of "
                                              + Self.commonPaths.joined(separator: ", ") + " on its site is a feed"))
            }
            return .success(.page(candidates: probed))
        }
    }

    /// The common paths on the URL's scheme, host and port.
    static func commonURLs(for url: String) -> [String] {
        guard var components = URLComponents(string: url) else { return [] }
        components.query = nil
        components.fragment = nil
        return commonPaths.compactMap { path in
            components.path = path
            return components.string
        }
    }

    private static func advertised(_ error: FeedParseError) -> [String]? {
        if case .htmlPage(let feeds) = error { return feeds }
        return nil
    }
}

struct FeedLoadError: Error {
    var url: String
    var message: String
    /// Set when the URL is an HTML page: the feeds it advertises (maybe none).
    var advertised: [String]?
}
