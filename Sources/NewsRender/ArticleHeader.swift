// The top of the reading view's page: the title (starred or not), a line of its sources,
// author and date, its categories, and its link.
import Foundation
import NewsModel

struct ArticleHeader {
    let article: ReadableArticle
    let now: Date
    let zone: ZoneOffsets
    let language: UILanguage
    let glyphs: ReaderGlyphs
    let ambiguousWide: Bool

    func blocks() -> [ReaderBlock] {
        var blocks = [title(), byline()]
        if let categories = categories() { blocks.append(categories) }
        if let link = article.link.map(TerminalText.sanitize), !link.isEmpty {
            blocks.append(flow([ReaderPiece(link, .faint)], breaksAnywhere: true))
        }
        return blocks
    }

    /// The title, bold, never cut; a starred article's star hangs before it.
    private func title() -> ReaderBlock {
        var title = TerminalText.sanitize(article.title)
        if title.isEmpty { title = MenuText.untitled(language) }
        let text = [ReaderPiece(title, TextStyle(bold: true))]
        guard article.isStarred else { return flow(text) }
        let star = ReaderPiece(glyphs.star + " ", TextStyle(bold: true, ink: ArticleLine.starInk))
        let indent = ReaderPiece(String(
            repeating: " ", count: DisplayWidth.width(of: glyphs.star, ambiguousWide: ambiguousWide) + 1))
        var block = flow(text)
        block.frames = [ReaderFrame(id: 0, first: star, rest: indent)]
        block.opensFrames = [true]
        return block
    }

    /// Sources · by author · date and time · age, dim. The author is named as such, so that
    /// a second source is not taken for one.
    private func byline() -> ReaderBlock {
        let sources = article.sources.map(TerminalText.sanitize).filter { !$0.isEmpty }
        var parts = sources.map { [ReaderPiece($0, .faint)] }
        if let author = article.author.map(TerminalText.sanitize), !author.isEmpty,
           !sources.contains(where: { $0.caseInsensitiveCompare(author) == .orderedSame }) {
            // The label is never split, and stays on the line of the name's first word.
            parts.append([
                ReaderPiece(ReaderText.authorLabel(language) + "\u{A0}", .faint, unbreakable: true),
                ReaderPiece(author, .faint, glued: true),
            ])
        }
        let date = article.published ?? article.firstSeen
        if let stamp = ArticleTimestamp.text(for: date, zone: zone, language: language) {
            // Kept whole where it fits: a date torn from its time reads as two facts.
            parts.append([ReaderPiece(stamp, .faint, unbreakable: true)])
            if ArticleTimestamp.isRecent(date, now: now, zone: zone) {
                // Whole too: `5h` and `ago`, or `5時` and `間前`, on two lines say nothing.
                let age = ArticleAge.describe(date, now: now, zone: zone, language: language)
                parts.append([ReaderPiece(age.replacingOccurrences(of: " ", with: "\u{A0}"), .faint, unbreakable: true)])
            }
        }
        var pieces: [ReaderPiece] = []
        for part in parts {
            if !pieces.isEmpty { pieces.append(ReaderPiece(glyphs.joiner, .faint)) }
            pieces += part
        }
        return flow(pieces)
    }

    /// The feed's categories, dim, after a label, each once and kept whole where it fits;
    /// nil when it gives none.
    private func categories() -> ReaderBlock? {
        var seen = Set<String>()
        let names = article.categories.map(TerminalText.sanitize).filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        guard !names.isEmpty else { return nil }
        var pieces = [ReaderPiece(ReaderText.categoriesLabel(language) + "\u{A0}", .faint, unbreakable: true)]
        for (index, name) in names.enumerated() {
            if index > 0 { pieces.append(ReaderPiece(glyphs.joiner, .faint)) }
            pieces.append(ReaderPiece(name, .faint, glued: index == 0))
        }
        return flow(pieces)
    }

    private func flow(_ pieces: [ReaderPiece], breaksAnywhere: Bool = false) -> ReaderBlock {
        ReaderBlock(
            content: .flow(pieces, breaksAnywhere: breaksAnywhere), frames: [], opensFrames: [],
            blankBefore: false)
    }
}
