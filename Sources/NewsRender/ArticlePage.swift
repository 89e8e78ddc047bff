// The reading view's page: one article's header, its text and its links as terminal lines,
// as newsboat's article view shows them. Everything from the feed is made safe first: no
// feed can send the terminal an escape sequence, a control character or a bidi override.
import Foundation
import NewsModel

/// An article as the reading view shows it: what the store keeps for it.
public struct ReadableArticle: Sendable, Equatable {
    public var title: String          // what it is listed by (never empty)
    public var sources: [String]      // the feed names carrying it, own first (at least one)
    public var author: String?
    public var published: Date?       // the feed's own date, nil when undated
    public var firstSeen: Date        // when first stored
    public var link: String?
    public var summary: String?       // HTML or plain text, as the feed gave it
    public var content: String?       // HTML or plain text, as the feed gave it
    public var isStarred: Bool
    /// Its media files (a podcast's episode), listed after the text.
    public var enclosures: [Enclosure]
    /// The feed's categories (tags) for it, shown under the byline.
    public var categories: [String]
    /// The feed gave no title: `title` is the start of its text (or its link), which the
    /// body then rightly begins with.
    public var isUntitled: Bool

    public init(title: String, sources: [String], author: String?, published: Date?, firstSeen: Date,
                link: String?, summary: String?, content: String?, isStarred: Bool, enclosures: [Enclosure] = [],
                categories: [String] = [], isUntitled: Bool = false) {
        self.title = title
        self.sources = sources
        self.author = author
        self.published = published
        self.firstSeen = firstSeen
        self.link = link
        self.summary = summary
        self.content = content
        self.isStarred = isStarred
        self.enclosures = enclosures
        self.categories = categories
        self.isUntitled = isUntitled
    }
}

public enum ArticlePage {
    /// Every line of the article's page: the title, a line of sources · author · date, the link,
    /// a blank line, the body, its media files, and the numbered list of their links (the URLs
    /// of `links(of:)`). Each line is at most `width` display columns (`DisplayWidth`, counting
    /// ambiguous-width characters two wide when `ambiguousWide`), has no trailing spaces, and
    /// carries escape sequences only as `colors` allows.
    ///
    /// The body is `content` when it shows text, else `summary`, else a line saying there is
    /// none. Text shows when it has some visible character (not only spaces or `&nbsp;`)
    /// and is not the title again (unless the article is untitled). The date is the feed's
    /// own, else the day the article was first stored. No line at all for a width below 1.
    public static func lines(_ article: ReadableArticle, width: Int, now: Date, zone: ZoneOffsets,
                             language: UILanguage, colors: ColorMode, ambiguousWide: Bool) -> [String] {
        guard width >= 1 else { return [] }
        let glyphs = ReaderGlyphs.forMode(colors)
        var blocks = ArticleHeader(
            article: article, now: now, zone: zone, language: language, glyphs: glyphs,
            ambiguousWide: ambiguousWide
        ).blocks()
        let (body, links) = self.body(of: article, glyphs, language, ambiguousWide)
        blocks += body
        blocks += ReaderLinkList.blocks(links.urls, language: language)
        return ReaderLayout(width: width, colors: colors, glyphs: glyphs, ambiguousWide: ambiguousWide)
            .lines(blocks)
    }

    /// The URLs the page numbers, in order: `links(of:)[n - 1]` is what `[n]` stands for, at
    /// any width and in any language.
    public static func links(of article: ReadableArticle) -> [String] {
        body(of: article, .unicode, .english, false).1.urls
    }

    /// The page after its header: the text (`content`, else `summary`, else the notice that
    /// there is none) and the media files, and the links numbered in them.
    private static func body(
        of article: ReadableArticle, _ glyphs: ReaderGlyphs, _ language: UILanguage, _ ambiguousWide: Bool
    ) -> ([ReaderBlock], ReaderLinks) {
        // A body that is only the title again says nothing; an untitled article's listed
        // title is its body's start, and the body is the article.
        let title = article.isUntitled ? nil : article.title
        var (body, links) = self.body(of: article.content, article, glyphs, language, ambiguousWide)
        if !ReaderBodyText.showsText(body, title: title) {
            (body, links) = self.body(of: article.summary, article, glyphs, language, ambiguousWide)
        }
        if !ReaderBodyText.showsText(body, title: title) {
            links = ReaderLinks(articleLink: article.link)
            let hasLink = !(article.link.map(TerminalText.sanitize) ?? "").isEmpty
            body = [ReaderBlock(
                content: .flow([ReaderPiece(ReaderText.noText(language, hasLink: hasLink), .faint)],
                               breaksAnywhere: false),
                frames: [], opensFrames: [], blankBefore: false)]
        }
        body[0].blankBefore = true
        body += ReaderAttachments.blocks(article.enclosures, links: &links, language: language)
        return (body, links)
    }

    /// The blocks of one of the article's texts and the links numbered in it.
    private static func body(
        of text: String?, _ article: ReadableArticle, _ glyphs: ReaderGlyphs, _ language: UILanguage,
        _ ambiguousWide: Bool
    ) -> ([ReaderBlock], ReaderLinks) {
        var links = ReaderLinks(articleLink: article.link)
        let blocks = ReaderBody.blocks(
            of: text, links: &links, glyphs: glyphs, language: language, ambiguousWide: ambiguousWide)
        return (blocks, links)
    }
}
