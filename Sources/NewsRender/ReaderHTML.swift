// What each HTML element means on the reading view's page: paragraphs, line breaks, lists,
// quotes, preformatted text, rules, tables as rows of cells, images by their alternative
// text, videos, sounds and embedded pages by what they are, links and the addresses of
// images and media numbered, emphasis as bold or underline, headings by their level,
// superscripts and subscripts raised and lowered. Unknown elements are ignored, but
// as in `HTMLExcerpt` any tag that is not inline still separates the words around it.
import Foundation
import NewsModel

struct ReaderHTML {
    private var builder: ReaderBodyBuilder
    private var links: ReaderLinks
    private let glyphs: ReaderGlyphs
    private let language: UILanguage

    /// The open lists, quotes, items and definitions, innermost last.
    private var containers: [Container] = []
    private var boldDepth = 0
    private var underlineDepth = 0
    /// The open heading's level, 1 to 6.
    private var headingLevel: Int?
    /// The open `sup` and `sub` elements, innermost last.
    private var scripts: [ReaderScripts.Position] = []
    /// Inside elements whose text is no part of the article (head, svg): their depth.
    private var hiddenDepth = 0
    /// Inside a ruby's reading (`rt`) or its parentheses (`rp`).
    private var inReading = false
    private var tableDepth = 0
    private var inHeaderCell = false
    /// Inside a definition list's term (`dt`), whose end tag may be left out.
    private var inTerm = false
    /// The open `<a>`: its number, nil when its target gets none.
    private var openLink: Int??
    /// What the builder had written when the open `<a>` began.
    private var writtenBeforeLink = 0
    /// The open `<video>`, `<audio>` or `<object data>`: what it is, its element's name and
    /// its address so far (its own, else its first `<source>`'s). What it holds is the
    /// fallback for a browser that cannot play it, not the article's text.
    private var openMedia: (kind: ReaderText.Media, element: String, src: String?)?

    private enum Container: Equatable {
        case list(ordered: Bool, next: Int, step: Int)
        case item
        case quote
        case definition
    }

    /// The blocks of `html`; the links it numbers are added to `links`.
    static func blocks(
        of html: String, links: inout ReaderLinks, glyphs: ReaderGlyphs, language: UILanguage,
        ambiguousWide: Bool
    ) -> [ReaderBlock] {
        var reader = ReaderHTML(
            builder: ReaderBodyBuilder(ambiguousWide: ambiguousWide), links: links, glyphs: glyphs,
            language: language)
        var tokenizer = ReaderTokenizer(html)
        while let token = tokenizer.next() {
            switch token {
            case .text(let text): reader.text(text)
            case .start(let name, let attributes, let isEmpty): reader.start(name, attributes, isEmpty: isEmpty)
            case .end(let name): reader.end(name)
            }
        }
        reader.closeMedia()
        reader.closeLink()
        links = reader.links
        return reader.builder.finish()
    }

    private static let blockElements: Set<String> = [
        "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "figure",
        "figcaption", "address", "details", "summary", "fieldset", "form", "hgroup", "center",
        "html", "body", "caption", "legend", "search", "dl", "video", "audio", "object",
        "h1", "h2", "h3", "h4", "h5", "h6",
    ]
    private static let boldElements: Set<String> = ["b", "strong"]
    private static let underlinedElements: Set<String> = ["i", "em", "u", "ins", "cite", "dfn", "var"]
    /// Elements whose content is not the article's text.
    private static let hiddenElements: Set<String> = ["head", "svg", "math", "select", "title"]
    private static let lists: Set<String> = ["ul", "ol", "menu", "dir"]
    /// Inline elements beyond `HTMLInlineElements` that a word may run through.
    private static let inlineElements = Set(HTMLInlineElements.names).union([
        "ins", "del", "big", "nobr", "label", "acronym", "picture", "source", "track", "img",
    ])

    /// Inside a table, whose text goes into its cells: what would break a line elsewhere
    /// only separates words there.
    private var inTable: Bool { tableDepth > 0 }

    private mutating func text(_ text: Substring) {
        guard hiddenDepth == 0, !inReading, openMedia == nil else { return }
        builder.blankLinesSeparateParagraphs = !inTable
        var decoded = HTMLEntities.decode(String(text))
        if let position = scripts.last {
            decoded = ReaderScripts.text(decoded, position, unicode: glyphs.scriptCharacters)
        }
        builder.text(decoded)
    }

    private mutating func start(_ name: String, _ attributes: [(name: String, value: Substring)], isEmpty: Bool) {
        if hiddenDepth > 0 {
            if name == "body" { hiddenDepth = 0 } else if Self.hiddenElements.contains(name) { hiddenDepth += 1 }
            return
        }
        if Self.hiddenElements.contains(name) {
            hiddenDepth += 1
            return
        }
        if let media = openMedia {
            if name == "source", media.src == nil { openMedia?.src = Self.attribute("src", attributes) }
            return
        }
        if name == "rt" || name == "rp" {
            inReading = true
            return
        }
        if inReading, name == "rb" || !Self.inlineElements.contains(name) { inReading = false }
        switch name {
        case "br": inTable ? builder.separateWords() : builder.lineBreak()
        case "hr": inTable ? builder.separateWords() : builder.rule()
        case "img": image(attributes)
        case "video", "audio":
            paragraph(blank: true)
            openMedia = (name == "video" ? .video : .audio, name, Self.attribute("src", attributes))
            if isEmpty { closeMedia() }
        case "object":
            paragraph(blank: true)
            // Without `data`, what the object holds (an `<embed>`) is what it shows.
            if let data = Self.attribute("data", attributes) { openMedia = (.embedded(host: nil), name, data) }
            if isEmpty { closeMedia() }
        case "iframe", "embed":
            showMedia(.embedded(host: nil), src: Self.attribute("src", attributes))
        case "sup": scripts.append(.raised)
        case "sub": scripts.append(.lowered)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            paragraph(blank: true)
            headingLevel = name.last?.wholeNumberValue
            applyStyle()
        case "a":
            closeLink()
            let href = attributes.first { $0.name == "href" }?.value
            openLink = .some(href.flatMap { links.number(for: HTMLEntities.decode(String($0))) })
            writtenBeforeLink = builder.written
        case "pre", "listing", "plaintext":
            inTable ? builder.separateWords() : builder.openPreformatted()
        case "blockquote":
            openContainer(.quote, first: bar, rest: bar)
        case "dd":
            endTerm()
            closeContainer { if case .definition = $0 { true } else { false } }
            let indent = ReaderPiece(String(repeating: " ", count: Self.definitionIndent))
            openContainer(.definition, first: indent, rest: indent)
        case "dt":
            endTerm()
            closeContainer { if case .definition = $0 { true } else { false } }
            paragraph(blank: false)
            bold(+1)
            inTerm = true
        case "li": listItem(attributes)
        case "table":
            if tableDepth == 0 {
                paragraph(blank: true)
                builder.openTable()
            } else {
                builder.separateWords()
            }
            tableDepth += 1
        case "tr":
            if tableDepth == 1 {
                endHeaderCell()
                builder.startRow()
            } else {
                paragraph(blank: false)
            }
        case "td", "th":
            cell(header: name == "th")
        default:
            if Self.lists.contains(name) {
                list(name, attributes)
            } else if Self.blockElements.contains(name) {
                paragraph(blank: true)
            } else if !Self.inlineElements.contains(name) {
                builder.separateWords()
            }
            if Self.boldElements.contains(name) { bold(+1) }
            if Self.underlinedElements.contains(name) { underline(+1) }
        }
    }

    private mutating func end(_ name: String) {
        if hiddenDepth > 0 {
            if Self.hiddenElements.contains(name) { hiddenDepth -= 1 }
            return
        }
        if let media = openMedia {
            if name == media.element {
                closeMedia()
                paragraph(blank: true)
            }
            return
        }
        if name == "rt" || name == "rp" || name == "ruby" {
            inReading = false
            return
        }
        switch name {
        case "a": closeLink()
        case "sup", "sub":
            let position: ReaderScripts.Position = name == "sup" ? .raised : .lowered
            if let index = scripts.lastIndex(of: position) { scripts.remove(at: index) }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            headingLevel = nil
            applyStyle()
            paragraph(blank: true)
        case "pre", "listing", "plaintext":
            builder.closePreformatted()
        case "blockquote":
            closeContainer { if case .quote = $0 { true } else { false } }
            paragraph(blank: true)
        case "li":
            closeContainer { if case .item = $0 { true } else { false } }
        case "dd":
            closeContainer { if case .definition = $0 { true } else { false } }
        case "dt":
            endTerm()
            paragraph(blank: false)
        case "dl":
            endTerm()
            closeContainer { if case .definition = $0 { true } else { false } }
            paragraph(blank: true)
        case "table":
            guard tableDepth > 0 else { return }
            endHeaderCell()
            tableDepth -= 1
            if tableDepth == 0 {
                builder.closeTable()
                paragraph(blank: true)
            } else {
                builder.separateWords()
            }
        case "th", "td":
            endHeaderCell()
        case "tr":
            endHeaderCell()
        default:
            if Self.lists.contains(name) {
                closeContainer { if case .list = $0 { true } else { false } }
                paragraph(blank: !containers.contains { if case .list = $0 { true } else { false } })
                return
            }
            if Self.boldElements.contains(name) { bold(-1) }
            if Self.underlinedElements.contains(name) { underline(-1) }
            if Self.blockElements.contains(name) {
                paragraph(blank: true)
            } else if !Self.inlineElements.contains(name) {
                builder.separateWords()
            }
        }
    }

    /// A paragraph's end, or where a table cell is one line of its row, a word's.
    private mutating func paragraph(blank: Bool) {
        if inTable { builder.separateWords() } else { builder.breakParagraph(blank: blank) }
    }

    private var bar: ReaderPiece {
        ReaderPiece(glyphs.quoteBar + " ", .faint)
    }

    /// Columns a definition (`dd`) is indented by.
    private static let definitionIndent = 4

    private mutating func list(_ name: String, _ attributes: [(name: String, value: Substring)]) {
        let nested = containers.contains { if case .list = $0 { true } else { false } }
        paragraph(blank: !nested)
        let reversed = attributes.contains { $0.name == "reversed" }
        let start = attributes.first { $0.name == "start" }.flatMap { Int($0.value.trimmingSpaces) }
        containers.append(.list(ordered: name == "ol", next: start ?? 1, step: reversed ? -1 : 1))
    }

    private mutating func listItem(_ attributes: [(name: String, value: Substring)]) {
        if inTable { return builder.separateWords() }
        if case .item = containers.last { closeContainer { if case .item = $0 { true } else { false } } }
        var marker = glyphs.bullet
        if let index = containers.lastIndex(where: { if case .list = $0 { true } else { false } }),
           case .list(let ordered, let next, let step) = containers[index], ordered {
            let value = attributes.first { $0.name == "value" }.flatMap { Int($0.value.trimmingSpaces) } ?? next
            marker = "\(value)."
            containers[index] = .list(ordered: true, next: value + step, step: step)
        }
        let markerColumns = builder.columns(of: marker) + 1
        openContainer(
            .item, first: ReaderPiece(marker + " "),
            rest: ReaderPiece(String(repeating: " ", count: markerColumns)))
    }

    private mutating func openContainer(_ container: Container, first: ReaderPiece, rest: ReaderPiece) {
        if inTable { return builder.separateWords() }
        paragraph(blank: container == .quote)
        containers.append(container)
        builder.openFrame(first: first, rest: rest)
    }

    /// Closes the innermost container `matches`, with every container opened inside it and
    /// left open; nothing when there is none, as for a stray end tag.
    private mutating func closeContainer(_ matches: (Container) -> Bool) {
        if inTable { return builder.separateWords() }
        guard let index = containers.lastIndex(where: matches) else { return }
        while containers.count > index {
            let closed = containers.removeLast()
            if case .list = closed { continue }
            builder.closeFrame()
        }
    }

    private mutating func cell(header: Bool) {
        guard tableDepth <= 1 else { return builder.separateWords() }
        endHeaderCell()
        if tableDepth == 0 {
            builder.separateWords()
            return
        }
        builder.startCell()
        if header {
            inHeaderCell = true
            bold(+1)
        }
    }

    private mutating func endTerm() {
        if inTerm { bold(-1) }
        inTerm = false
    }

    private mutating func endHeaderCell() {
        if inHeaderCell { bold(-1) }
        inHeaderCell = false
    }

    /// The value of the attribute `name`, its references decoded; nil when it is missing
    /// or holds only spaces.
    private static func attribute(_ name: String, _ attributes: [(name: String, value: Substring)]) -> String? {
        guard let value = attributes.first(where: { $0.name == name })?.value else { return nil }
        let decoded = HTMLEntities.decode(String(value))
        return decoded.trimmingSpaces.isEmpty ? nil : decoded
    }

    /// Attributes that lazy-loading scripts keep an image's real address in, while `src`
    /// holds a placeholder (often a `data:` URL) or nothing.
    private static let lazyImageSources = ["data-src", "data-original", "data-lazy-src"]

    /// An image by its alternative text, and the number of its address (`src`, else a lazy
    /// loader's) unless that is the number of the link it is in, whose marker follows.
    private mutating func image(_ attributes: [(name: String, value: Substring)]) {
        // A one-pixel image is a visit counter, not a picture anyone would want to know of.
        let sizes = ["width", "height"].compactMap { Self.attribute($0, attributes)?.trimmingSpaces }
        if sizes.contains(where: { $0 == "0" || $0 == "1" || $0 == "1px" || $0 == "0px" }) { return }
        let alt = TerminalText.sanitize(Self.attribute("alt", attributes) ?? "")
        builder.word(ReaderText.image(language, alt: alt), .faint)
        let src = (["src"] + Self.lazyImageSources).lazy.compactMap { Self.attribute($0, attributes) }
            .first { !$0.trimmingSpaces.lowercased().hasPrefix("data:") }
        if let number = src.flatMap({ links.media($0)?.number }) { markMedia(number) }
    }

    /// A video's, a sound's or an embedded page's stand-in, numbered by its address when a
    /// browser can open it; the host names an embedded page.
    private mutating func showMedia(_ kind: ReaderText.Media, src: String?) {
        let target = src.flatMap { links.media($0) }
        var kind = kind
        if case .embedded = kind { kind = .embedded(host: target?.host) }
        builder.word(ReaderText.media(language, kind), .faint)
        if let target { markMedia(target.number) }
    }

    /// An image's or media's number beside its stand-in, unless it is the open link's.
    private mutating func markMedia(_ number: Int) {
        if case .some(.some(number)) = openLink { return }
        builder.glued("[\(number)]", .faint)
    }

    /// Ends the open video, sound or object with its stand-in.
    private mutating func closeMedia() {
        guard let media = openMedia else { return }
        openMedia = nil
        showMedia(media.kind, src: media.src)
    }

    /// Ends the open link with its reference marker, when its target has a number: beside
    /// its text, or as a word of its own when it had none.
    private mutating func closeLink() {
        guard let link = openLink else { return }
        openLink = nil
        guard let number = link else { return }
        if builder.written == writtenBeforeLink {
            builder.word("[\(number)]", .faint)
        } else {
            builder.glued("[\(number)]", .faint)
        }
    }

    private mutating func bold(_ change: Int) {
        boldDepth = max(boldDepth + change, 0)
        applyStyle()
    }

    private mutating func underline(_ change: Int) {
        underlineDepth = max(underlineDepth + change, 0)
        applyStyle()
    }

    /// Bold and underline as the open elements ask, and a heading's look by its level: h1
    /// and h2 bold and underlined, h3 bold, h4 to h6 bold and dim, so that the outline of a
    /// long article shows, and without colour (dim left out) h1 and h2 still stand apart
    /// from the title, which is bold alone.
    private mutating func applyStyle() {
        let level = headingLevel ?? 0
        builder.style = TextStyle(
            bold: boldDepth > 0 || level > 0, dim: level >= 4,
            underline: underlineDepth > 0 || level == 1 || level == 2)
    }
}

private extension StringProtocol {
    var trimmingSpaces: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
