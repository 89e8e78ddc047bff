// The fixed bytes of an article's JSON at one depth: keys, punctuation, line breaks and
// indentation between the values, made once per article list so that each is one copy.

/// What comes before, between and after the values of an article (schema order).
enum ArticlePiece: Int, CaseIterable {
    /// The article's opening up to its `id` value; `nextArticle` after a comma.
    case firstArticle, nextArticle
    case title, link, author, published, updated, summary, content, categories, enclosures
    case articleEnd
    /// The opening of a non-empty list up to its first value, and what comes between values.
    case firstInList, nextInList, listEnd, emptyList
    /// An enclosure's opening up to its `url` value, as the list's first or a later member.
    case firstEnclosure, nextEnclosure
    case enclosureType, enclosureLength, enclosureEnd
    case null
}

/// The pieces of articles that are members of an array `indent` levels in: with
/// two-space indentation and a space after each colon, or compact.
/// @unchecked Sendable: immutable once made, so the writers of every thread share it.
final class ArticlePieces: @unchecked Sendable {
    /// The pieces of a feed's articles, indented and compact: made once, not per block or per file.
    private static let feedArticles = ArticlePieces(indent: JSONByteWriter.feedArticlesIndent, indented: true)
    private static let compactFeedArticles = ArticlePieces(indent: JSONByteWriter.feedArticlesIndent, indented: false)

    /// Pieces for articles `indent` levels in: the shared ones when they fit, else new ones.
    static func shared(indent: Int, indented: Bool) -> ArticlePieces {
        let feed = indented ? feedArticles : compactFeedArticles
        return indent == feed.indent ? feed : ArticlePieces(indent: indent, indented: indented)
    }

    let indent: Int
    let indented: Bool
    /// Each piece's bytes start at its raw value times `stride`, a multiple of sixteen, so
    /// that it can be copied sixteen bytes at a time (GrowingBytes.appendSixteens).
    private let stride: Int
    private let bytes: UnsafeMutablePointer<UInt8>
    private let lengths: UnsafeMutablePointer<Int>

    init(indent: Int, indented: Bool) {
        self.indent = indent
        self.indented = indented
        let texts = ArticlePiece.allCases.map { ArticlePieces.text(of: $0, indent: indent, indented: indented) }
        stride = ((texts.map(\.count).max() ?? 0) + 15) / 16 * 16
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * texts.count)
        bytes.initialize(repeating: 0x20, count: stride * texts.count)
        lengths = UnsafeMutablePointer<Int>.allocate(capacity: texts.count)
        for (index, text) in texts.enumerated() {
            (bytes + index * stride).update(from: text, count: text.count)
            (lengths + index).initialize(to: text.count)
        }
    }

    deinit {
        bytes.deallocate()
        lengths.deallocate()
    }

    /// Appends `piece` to `buffer`: as two fixed copies when every piece fits in 32 bytes
    /// (a feed's articles do), else sixteen bytes at a time.
    @inline(__always)
    func append(_ piece: ArticlePiece, to buffer: inout GrowingBytes) {
        let start = bytes + piece.rawValue &* stride, length = lengths[piece.rawValue]
        if stride == 32 {
            buffer.appendThirtyTwo(from: start, count: length)
        } else {
            buffer.appendSixteens(from: start, count: length)
        }
    }

    /// The bytes of `piece` for an article list `indent` levels in.
    private static func text(of piece: ArticlePiece, indent: Int, indented: Bool) -> [UInt8] {
        // A line break and the indentation of a member `level` levels in; nothing if compact.
        func line(_ level: Int) -> String {
            indented ? "\n" + String(repeating: " ", count: 2 * level) : ""
        }
        func key(_ name: String, _ level: Int) -> String {
            line(level) + "\"" + name + "\"" + (indented ? ": " : ":")
        }
        let article = indent, member = indent + 1, listed = indent + 2, enclosureMember = indent + 3
        let text: String
        switch piece {
        case .firstArticle: text = line(article) + "{" + key("id", member)
        case .nextArticle: text = "," + line(article) + "{" + key("id", member)
        case .title: text = "," + key("title", member)
        case .link: text = "," + key("link", member)
        case .author: text = "," + key("author", member)
        case .published: text = "," + key("published", member)
        case .updated: text = "," + key("updated", member)
        case .summary: text = "," + key("summary", member)
        case .content: text = "," + key("content", member)
        case .categories: text = "," + key("categories", member)
        case .enclosures: text = "," + key("enclosures", member)
        case .articleEnd: text = line(article) + "}"
        case .firstInList: text = "[" + line(listed)
        case .nextInList: text = "," + line(listed)
        case .listEnd: text = line(member) + "]"
        case .emptyList: text = "[]"
        case .firstEnclosure: text = "[" + line(listed) + "{" + key("url", enclosureMember)
        case .nextEnclosure: text = "," + line(listed) + "{" + key("url", enclosureMember)
        case .enclosureType: text = "," + key("type", enclosureMember)
        case .enclosureLength: text = "," + key("length", enclosureMember)
        case .enclosureEnd: text = line(listed) + "}"
        case .null: text = "null"
        }
        return Array(text.utf8)
    }
}
