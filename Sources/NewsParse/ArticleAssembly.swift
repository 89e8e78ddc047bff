// Turns a finished item's fields into an Article, giving it an id that is never empty.
import NewsModel

enum ArticleAssembly {
    static func article(from fields: FieldCollector, documentURL: String?) -> Article {
        let title = fields.text(.title)
        let link = fields.text(.link)
        let summary = fields.text(.summary)
        let content = fields.text(.content)
        let id = fields.text(.id) ?? link ?? fallbackID(
            documentURL: documentURL, title: title, dateText: fields.firstDateText, body: summary ?? content)
        return Article(
            id: id, title: title, link: link, author: fields.text(.author),
            published: fields.date(.published), updated: fields.date(.updated),
            summary: summary, content: content, categories: fields.categories, enclosures: fields.enclosures,
            image: fields.text(.image), duration: MediaDuration.seconds(fields.text(.duration)))
    }

    /// Built from what identifies an entry to a reader; the body only counts when there is
    /// neither a title nor a date, so that an edited text does not make a known entry new.
    static func fallbackID(documentURL: String?, title: String?, dateText: String?, body: String?) -> String {
        var parts = [documentURL ?? "", title ?? "", dateText ?? ""]
        if title == nil, dateText == nil { parts.append(body ?? "") }
        return StableID.fnv1a64(parts)
    }
}
