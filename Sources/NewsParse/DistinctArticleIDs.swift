// Makes the ids of one document's articles distinct. The store keys articles by (feed, id),
// so items sharing an id (a CMS that gives every item the site's URL as its guid, say) would
// be stored as one article, each overwriting the one before, and new posts would never show.
import NewsModel

enum DistinctArticleIDs {
    /// Gives every article whose id others in the document share an id of its own: the
    /// shared id and its web link, or, when others of that id have the same link or it has
    /// none, the shared id and a hash of its link and name (ArticleName). Made from the
    /// article and the others of its id, never from positions, so that fetching the same
    /// document again, or with its items in another order, gives the same ids. Articles that
    /// repeat one before them (same id, link and name) are that article: the first is kept,
    /// the repeats dropped. Returns whether it changed the articles; a warning then says how.
    static func apply(to feed: inout Feed) -> Bool {
        guard let groups = sharedIDGroups(feed.articles) else { return false }
        var dropped: [Int] = []
        var renamed = 0
        for (id, indices) in groups {
            var names = Set<ArticleName>()
            let kept = indices.filter { index in
                let isFirst = names.insert(ArticleName(feed.articles[index])).inserted
                if !isFirst { dropped.append(index) }
                return isFirst
            }
            // Repeats of one article only: that article keeps the id it had.
            guard kept.count > 1 else { continue }
            let links = kept.compactMap { ArticleAssembly.identifyingLink(feed.articles[$0].link) }
            var linkCounts: [String: Int] = [:]
            for link in links { linkCounts[link, default: 0] += 1 }
            for index in kept {
                let article = feed.articles[index]
                let ownLink = ArticleAssembly.identifyingLink(article.link).flatMap { linkCounts[$0] == 1 ? $0 : nil }
                feed.articles[index].id = id + " " + (ownLink ?? ArticleName(article).hash)
            }
            renamed += kept.count
        }
        if !dropped.isEmpty {
            let droppedSet = Set(dropped)
            feed.articles = feed.articles.indices.filter { !droppedSet.contains($0) }.map { feed.articles[$0] }
        }
        let sharing = groups.reduce(0) { $0 + $1.indices.count }
        feed.warnings.insert(warning(sharing: sharing, ids: groups.count, renamed: renamed, dropped: dropped.count), at: 0)
        return true
    }

    /// The indices of the articles of each id that more than one article has, in document
    /// order; nil when every id is distinct (nearly always, and then answered by
    /// RepeatedIDCheck alone).
    private static func sharedIDGroups(_ articles: [Article]) -> [(id: String, indices: [Int])]? {
        guard RepeatedIDCheck.mayRepeat(articles) else { return nil }
        var indicesByID: [StoredID: [Int]] = [:]
        for (index, article) in articles.enumerated() {
            indicesByID[StoredID(article.id), default: []].append(index)
        }
        let groups = indicesByID.compactMap { $0.value.count > 1 ? ($0.key.text, $0.value) : nil }
        return groups.isEmpty ? nil : groups
    }

    /// An id as the store compares it, byte for byte. Strings are equal when they are
    /// canonically equivalent (an é written as one character or as e and an accent), and
    /// the store would keep two such ids apart: they are not shared.
    private struct StoredID: Hashable {
        let text: String

        init(_ text: String) {
            self.text = text
        }

        static func == (lhs: StoredID, rhs: StoredID) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private static func warning(sharing: Int, ids: Int, renamed: Int, dropped: Int) -> String {
        var parts: [String] = []
        if renamed > 0 {
            parts.append("\(count(renamed, "was", "were")) given an id of its own made from its link or title")
        }
        if dropped > 0 {
            parts.append("\(count(dropped, "was", "were")) an exact repeat of an earlier item (same id, link and title) and dropped")
        }
        return "\(sharing) items shared \(ids == 1 ? "an id" : "\(ids) ids") with another item: " + parts.joined(separator: "; ")
    }

    private static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }
}

/// What tells an article apart from others of its id: its link, and what names it to a
/// reader, its title, else its date, else its text (as in ArticleAssembly.fallbackID). Two
/// articles of one id with the same link and name are one article repeated.
struct ArticleName: Hashable {
    let link: String?
    private let name: String

    init(_ article: Article) {
        link = article.link
        if let title = article.title {
            name = "title " + title
        } else if let date = article.published ?? article.updated {
            name = "date \(date.timeIntervalSince1970)"
        } else {
            name = "text " + (article.summary ?? article.content ?? "")
        }
    }

    /// Link and name as 16 hex digits, the same in every process (StableID): distinct for
    /// the articles of one id that are not repeats, whatever their links.
    var hash: String { StableID.fnv1a64([link ?? "", name]) }
}
