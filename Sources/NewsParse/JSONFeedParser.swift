// JSON Feed 1.0 / 1.1 (https://jsonfeed.org/version/1.1) into the same Feed the XML formats give.
import Foundation
import NewsModel

enum JSONFeedParser {
    static let versionPrefix = "https://jsonfeed.org/version/"

    static func parse(_ data: Data, documentURL: String?) throws(FeedParseError) -> Feed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notJSONFeed("it is not valid JSON (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any] else {
            throw .notJSONFeed("its top level is not an object")
        }
        guard let version = root["version"] as? String, version.hasPrefix(versionPrefix) else {
            throw .notJSONFeed("it has no \"version\" starting with \(versionPrefix)")
        }
        var warnings: [String] = []
        let items = root["items"] as? [Any] ?? []
        let language = plain(root["language"])
        let articles = items.enumerated().compactMap { index, value -> Article? in
            guard let item = value as? [String: Any] else {
                warnings.append("items[\(index)] is not an object; skipped")
                return nil
            }
            return article(item, index: index, documentURL: documentURL, language: language, warnings: &warnings)
        }
        return Feed(
            format: .jsonfeed,
            title: plain(root["title"]),
            link: url(root["home_page_url"], documentURL: documentURL),
            subtitle: plain(root["description"]),
            language: language,
            author: author(root),
            image: url(root["icon"], documentURL: documentURL) ?? url(root["favicon"], documentURL: documentURL),
            articles: articles,
            warnings: warnings)
    }

    private static func article(
        _ item: [String: Any], index: Int, documentURL: String?, language: String?, warnings: inout [String]
    ) -> Article {
        let title = plain(item["title"])
        let link = link([item["url"], item["external_url"]], documentURL: documentURL)
        // JSON Feed's summary and content_text are plain text; the model holds HTML.
        let summary = plain(item["summary"]).map(HTMLEscaping.escape)
        let content = (item["content_html"] as? String).map(Whitespace.trim)?.nonEmpty
            ?? (item["content_text"] as? String).map { HTMLEscaping.escape(Whitespace.trim($0)) }?.nonEmpty
        let publishedText = plain(item["date_published"])
        let updatedText = plain(item["date_modified"])
        var dates: [String: Date] = [:]
        for (key, text) in [("date_published", publishedText), ("date_modified", updatedText)] {
            guard let text else { continue }
            guard let reading = FeedDate.read(text, feedLanguage: language) else {
                warnings.append("items[\(index)]: unparseable date in \(key): \"\(text)\"")
                continue
            }
            if let note = reading.assumption?.note { warnings.append("items[\(index)]: \(key) \"\(text)\" \(note)") }
            dates[key] = reading.date
        }
        let id = identifier(item["id"]) ?? ArticleAssembly.identifyingLink(link) ?? ArticleAssembly.fallbackID(
            title: title, dateText: publishedText ?? updatedText, body: summary ?? content)
        let tags = (item["tags"] as? [Any] ?? []).compactMap(plain)
        let attachments = (item["attachments"] as? [Any] ?? []).compactMap { value -> Enclosure? in
            guard let attachment = value as? [String: Any],
                  let address = url(attachment["url"], documentURL: documentURL) else { return nil }
            let size = (attachment["size_in_bytes"] as? NSNumber)?.int64Value
            return Enclosure(url: address, type: plain(attachment["mime_type"]), length: size.flatMap { $0 > 0 ? $0 : nil })
        }
        return Article(
            id: id, title: title, link: link, author: author(item),
            published: dates["date_published"], updated: dates["date_modified"],
            summary: summary, content: content, categories: tags, enclosures: attachments,
            image: url(item["image"], documentURL: documentURL) ?? url(item["banner_image"], documentURL: documentURL))
    }

    /// 1.1's `authors` array, else 1.0's single `author`: the first name.
    private static func author(_ object: [String: Any]) -> String? {
        let candidates = (object["authors"] as? [Any] ?? []) + [object["author"] as Any]
        return candidates.lazy.compactMap { ($0 as? [String: Any]).flatMap { plain($0["name"]) } }.first
    }

    /// Ids are strings by the spec; some feeds write numbers.
    private static func identifier(_ value: Any?) -> String? {
        if let text = value as? String { return Whitespace.trim(text).nonEmpty }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    private static func plain(_ value: Any?) -> String? {
        (value as? String).map(Whitespace.collapse)?.nonEmpty
    }

    private static func url(_ value: Any?, documentURL: String?) -> String? {
        (value as? String).flatMap { LinkResolver.resolve($0, against: documentURL) }
    }

    /// The first of `candidates` (`url`, then `external_url`) that is a link, a web link
    /// winning over any other, as FieldTable.linkPriority has it for the XML formats.
    private static func link(_ candidates: [Any?], documentURL: String?) -> String? {
        let links = candidates.compactMap { url($0, documentURL: documentURL) }
        return links.first(where: LinkResolver.isWebLink) ?? links.first
    }
}
