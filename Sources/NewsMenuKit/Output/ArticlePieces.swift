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
        // Two passes over the pieces, lengths then bytes, each piece made in one reused
        // array: built from Strings or joined arrays they cost 0.13 M instructions at every
        // start of `parse --json`.
        let pieces = ArticlePiece.allCases
        var text: [UInt8] = []
        text.reserveCapacity(64 + 8 * indent)
        lengths = UnsafeMutablePointer<Int>.allocate(capacity: pieces.count)
        var longest = 0
        for piece in pieces {
            text.removeAll(keepingCapacity: true)
            ArticlePieces.append(piece, indent: indent, indented: indented, to: &text)
            (lengths + piece.rawValue).initialize(to: text.count)
            longest = max(longest, text.count)
        }
        stride = (longest + 15) / 16 * 16
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * pieces.count)
        bytes.initialize(repeating: 0x20, count: stride * pieces.count)
        for piece in pieces {
            text.removeAll(keepingCapacity: true)
            ArticlePieces.append(piece, indent: indent, indented: indented, to: &text)
            (bytes + piece.rawValue * stride).update(from: text, count: text.count)
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

    /// Appends the bytes of `piece` for an article list `indent` levels in to `text`.
    private static func append(_ piece: ArticlePiece, indent: Int, indented: Bool, to text: inout [UInt8]) {
        // A line break and the indentation of a member `level` levels in; nothing if compact.
        func line(_ level: Int) {
            guard indented else { return }
            text.append(0x0A)
            text.append(contentsOf: repeatElement(0x20, count: 2 * level))
        }
        func byte(_ character: Unicode.Scalar) {
            text.append(UInt8(ascii: character))
        }
        func key(_ name: StaticString, _ level: Int) {
            line(level)
            byte("\"")
            text.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            byte("\"")
            byte(":")
            if indented { byte(" ") }
        }
        let article = indent, member = indent + 1, listed = indent + 2, enclosureMember = indent + 3
        switch piece {
        case .firstArticle: line(article); byte("{"); key("id", member)
        case .nextArticle: byte(","); line(article); byte("{"); key("id", member)
        case .title: byte(","); key("title", member)
        case .link: byte(","); key("link", member)
        case .author: byte(","); key("author", member)
        case .published: byte(","); key("published", member)
        case .updated: byte(","); key("updated", member)
        case .summary: byte(","); key("summary", member)
        case .content: byte(","); key("content", member)
        case .categories: byte(","); key("categories", member)
        case .enclosures: byte(","); key("enclosures", member)
        case .articleEnd: line(article); byte("}")
        case .firstInList: byte("["); line(listed)
        case .nextInList: byte(","); line(listed)
        case .listEnd: line(member); byte("]")
        case .emptyList: byte("["); byte("]")
        case .firstEnclosure: byte("["); line(listed); byte("{"); key("url", enclosureMember)
        case .nextEnclosure: byte(","); line(listed); byte("{"); key("url", enclosureMember)
        case .enclosureType: byte(","); key("type", enclosureMember)
        case .enclosureLength: byte(","); key("length", enclosureMember)
        case .enclosureEnd: line(listed); byte("}")
        case .null: byte("n"); byte("u"); byte("l"); byte("l")
        }
    }
}
