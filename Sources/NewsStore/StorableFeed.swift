// A parsed feed with what the store derives from each article worked out in advance, so a
// pipeline can do that work on its parse threads instead of the one thread that writes.
import NewsModel

/// `feed` and, per article, its canonical link. (The text the search index holds is made
/// by the indexing thread, `SearchIndexUpdater`, from the stored columns.)
/// Building one touches no database; `FeedStore.store` takes either this or a `Feed`.
public struct StorableFeed: Sendable {
    public let feed: Feed
    let derived: [DerivedArticleValues]

    public init(_ feed: Feed) {
        self.feed = feed
        derived = feed.articles.map(DerivedArticleValues.init)
    }
}

/// What the store computes from an article rather than stores as given.
struct DerivedArticleValues: Sendable {
    var canonicalLink: String?

    init(_ article: Article) {
        canonicalLink = CanonicalLink.of(article.link)
    }
}
