// The footer under a page: which page of how many, and how many articles in the tab.

enum PageFooter {
    /// `2/7 · 143件` in Japanese, `page 2/7 · 143 articles` in English.
    static func text(page: Int, pageCount: Int, total: Int, language: UILanguage, joiner: String) -> String {
        let pages = max(pageCount, 1)
        let current = min(max(page, 1), pages)
        let count = max(total, 0)
        switch language {
        case .japanese:
            return "\(current)/\(pages)\(joiner)\(count)件"
        case .english:
            return "page \(current)/\(pages)\(joiner)\(count) \(count == 1 ? "article" : "articles")"
        }
    }
}
