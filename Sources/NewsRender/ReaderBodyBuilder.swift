// Collects a body's text into blocks: whitespace collapsed as a browser does, paragraphs and
// line breaks as asked for, frames (quotes, list items) around them. The HTML and plain-text
// readers drive it; it knows no tags.
import NewsModel

struct ReaderBodyBuilder {
    private(set) var blocks: [ReaderBlock] = []
    /// Counts the words and pieces written so far, so that a caller can tell whether an
    /// element held any text.
    private(set) var written = 0
    /// The style of text appended from now on.
    var style = TextStyle.plain {
        willSet { flushBuffer() }
    }
    /// Whether a blank line in the text starts a paragraph. In HTML it does, as feeds that
    /// mix tags with blank-line paragraphs mean it, but not inside a table cell, which is
    /// one line of its row.
    var blankLinesSeparateParagraphs = true
    /// Whether every line break in the text is one on the page: plain text.
    var keepsLineBreaks = false
    private let ambiguousWide: Bool

    /// The paragraph being filled, and where it stands.
    private var pieces: [ReaderPiece] = []
    private var buffer = ""
    private var flowFrames: [ReaderFrame] = []
    private var flowOpensFrames: [Bool] = []
    private var flowBlankBefore = false

    private var frames: [ReaderFrame] = []
    /// Whether each open frame has had its first line (its list marker) drawn.
    private var framesStarted: [Bool] = []
    private var nextFrameID = 0

    /// Line breaks owed before the next text: 1 starts a new line, 2 leaves a blank one.
    private var pendingBreaks = 0
    private var pendingSpace = false
    /// After a word of newsmenu's own with no space in the text since: punctuation that
    /// follows closes up to it (`[image: x].`), as it would to the image in a browser.
    private var afterOwnWord = false
    private var newlinesInSpace = 0
    private var lastScalar: Unicode.Scalar?

    /// The rows of the open table, each a list of its cells' text; nil outside a table.
    /// The paragraph being filled is the last cell's, which gets it when it closes.
    private var tableRows: [[[ReaderPiece]]]?

    /// The lines of the open `pre`, and the column its last line has reached.
    private var preLines: [[ReaderPiece]]?
    private var preColumn = 0
    private var preHasText = false

    init(ambiguousWide: Bool) {
        self.ambiguousWide = ambiguousWide
    }

    private var flowIsOpen: Bool { !pieces.isEmpty || !buffer.isEmpty }

    /// Text with its character references already decoded, not yet made safe.
    mutating func text(_ text: String) {
        if preLines != nil { return preformattedText(text) }
        let safe = TerminalText.sanitizeKeepingLayout(text)
        let utf8 = safe.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            // Tabs, returns and other separators are spaces once sanitized.
            let byte = utf8[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                pendingSpace = true
                afterOwnWord = false
                if byte == UInt8(ascii: "\n") { newlinesInSpace += 1 }
                index = utf8.index(after: index)
                continue
            }
            let wordStart = index
            while index != utf8.endIndex, utf8[index] != UInt8(ascii: " "), utf8[index] != UInt8(ascii: "\n") {
                index = utf8.index(after: index)
            }
            let word = safe[wordStart..<index].unicodeScalars
            if flowIsOpen, pendingSpace, let first = word.first,
               !(afterOwnWord && ReaderBreakRules.classify(Character(first)).has(.noStart)) {
                spaceBefore(first)
            }
            afterOwnWord = false
            openFlowIfNeeded()
            buffer += String(word)
            lastScalar = word.last
            written += 1
            pendingSpace = false
            newlinesInSpace = 0
        }
    }

    /// What the whitespace before `scalar` in an open paragraph becomes.
    private mutating func spaceBefore(_ scalar: Unicode.Scalar) {
        if keepsLineBreaks, newlinesInSpace > 0 {
            breakParagraph(blank: newlinesInSpace > 1)
        } else if blankLinesSeparateParagraphs, newlinesInSpace > 1 {
            breakParagraph(blank: true)
        } else if newlinesInSpace > 0, let lastScalar,
                  ReaderBreakRules.isIdeographic(lastScalar), ReaderBreakRules.isIdeographic(scalar) {
            // A line break in the source between two kanji is the writer's editor wrapping
            // a sentence that has no spaces: not a space in the text.
        } else {
            appendSpace()
        }
    }

    /// A space between words, in the style of the text before it; between two styles, in
    /// none, so that an underline does not run on under it.
    private mutating func appendSpace() {
        if buffer.isEmpty {
            pieces.append(ReaderPiece(" "))
        } else {
            buffer += " "
        }
    }

    /// A word of newsmenu's own (an image's stand-in), set apart from the words around it,
    /// but for an opening bracket written right before it or punctuation right after it.
    mutating func word(_ text: String, _ style: TextStyle) {
        if preLines != nil {
            appendToPre(ReaderPiece(text, style))
            return
        }
        let afterBracket = !pendingSpace && buffer.unicodeScalars.last
            .map { ReaderBreakRules.classify(Character($0)).has(.noEnd) } ?? false
        if flowIsOpen, !afterBracket { appendSpace() }
        openFlowIfNeeded()
        flushBuffer()
        pieces.append(ReaderPiece(text, style))
        written += 1
        pendingSpace = true
        afterOwnWord = true
        newlinesInSpace = 0
    }

    /// Text that stays beside what comes before it, with no space: a link's marker. With
    /// nothing before it in the paragraph, it joins the end of the last one.
    mutating func glued(_ text: String, _ style: TextStyle) {
        let piece = ReaderPiece(text, style, glued: true)
        if preLines != nil { return appendToPre(piece) }
        if flowIsOpen || tableRows != nil {
            flushBuffer()
            pieces.append(piece)
        } else if let last = blocks.indices.last, case .flow(var lastPieces, let anywhere) = blocks[last].content {
            lastPieces.append(piece)
            blocks[last].content = .flow(lastPieces, breaksAnywhere: anywhere)
        } else {
            openFlowIfNeeded()
            pieces.append(piece)
        }
    }

    /// A space between words, unless one is there already (a tag that is no paragraph but
    /// still divides words).
    mutating func separateWords() {
        if flowIsOpen { pendingSpace = true }
    }

    /// `<br>`: a new line; a second one in a row leaves a blank line.
    mutating func lineBreak() {
        if preLines != nil { return preformattedText("\n") }
        if flowIsOpen {
            closeFlow()
            pendingBreaks = max(pendingBreaks, 1)
        } else {
            pendingBreaks = min(pendingBreaks + 1, 2)
        }
    }

    /// The end of a paragraph (`blank`) or of a line (a list item, a table row). At the
    /// start of a frame, before any of its text, the frame's own opening has set the space
    /// before it: a heading or paragraph first in a list item leaves no blank line there
    /// that the other items do not have.
    mutating func breakParagraph(blank: Bool) {
        closeFlow()
        if framesStarted.last == false { return }
        pendingBreaks = max(pendingBreaks, blank ? 2 : 1)
    }

    /// A frame around the blocks from here to `closeFrame`: `first` before its first line,
    /// `rest` before every other.
    mutating func openFrame(first: ReaderPiece, rest: ReaderPiece) {
        closeFlow()
        nextFrameID += 1
        frames.append(ReaderFrame(id: nextFrameID, first: first, rest: rest))
        framesStarted.append(false)
    }

    mutating func closeFrame() {
        closeFlow()
        frames.removeLast()
        framesStarted.removeLast()
    }

    /// Columns of `text` as the terminal draws it.
    func columns(of text: String) -> Int {
        DisplayWidth.width(of: text, ambiguousWide: ambiguousWide)
    }

    /// A table from here to `closeTable`: rows of cells, laid out at the width.
    mutating func openTable() {
        guard tableRows == nil else { return }
        closeFlow()
        tableRows = []
    }

    /// A row of the open table.
    mutating func startRow() {
        guard tableRows != nil else { return }
        closeFlow()
        tableRows?.append([])
    }

    /// A cell of the open table's last row (of a new row, when there is none).
    mutating func startCell() {
        guard tableRows != nil else { return }
        closeFlow()
        if tableRows?.isEmpty ?? true { tableRows?.append([]) }
        let row = (tableRows?.count ?? 1) - 1
        tableRows?[row].append([])
    }

    /// The end of the open table: one block of its rows that hold any text.
    mutating func closeTable() {
        guard tableRows != nil else { return }
        closeFlow()
        let rows = tableRows?.filter { $0.contains { !$0.isEmpty } } ?? []
        tableRows = nil
        if !rows.isEmpty { appendBlock(.table(rows)) }
        pendingBreaks = 2
    }

    mutating func rule() {
        breakParagraph(blank: true)
        appendBlock(.rule)
        pendingBreaks = 2
    }

    mutating func openPreformatted() {
        guard preLines == nil else { return }
        breakParagraph(blank: true)
        preLines = [[]]
        preColumn = 0
        preHasText = false
    }

    mutating func closePreformatted() {
        guard var lines = preLines else { return }
        preLines = nil
        // Blank lines at either end would only widen the gap around the block.
        func isBlank(_ line: [ReaderPiece]) -> Bool { line.allSatisfy { $0.text.allSatisfy { $0 == " " } } }
        while let last = lines.last, isBlank(last) { lines.removeLast() }
        while let first = lines.first, isBlank(first) { lines.removeFirst() }
        if !lines.isEmpty { appendBlock(.preformatted(lines)) }
        pendingBreaks = 2
    }

    /// The blocks, with the open paragraph closed.
    mutating func finish() -> [ReaderBlock] {
        closePreformatted()
        closeTable()
        closeFlow()
        return blocks
    }

    private mutating func preformattedText(_ text: String) {
        var segment = ""
        func flush(_ builder: inout ReaderBodyBuilder) {
            guard !segment.isEmpty else { return }
            let safe = TerminalText.sanitizeKeepingLayout(segment)
            builder.appendToPre(ReaderPiece(safe, builder.style))
            segment = ""
        }
        for character in text {
            switch character {
            case "\n", "\r\n", "\r":
                flush(&self)
                // The line break right after `<pre>` is not part of the text (HTML's rule).
                if preHasText {
                    preLines?.append([])
                    preColumn = 0
                }
                preHasText = true
            case "\t":
                flush(&self)
                let spaces = ReaderBodyBuilder.tabStop - preColumn % ReaderBodyBuilder.tabStop
                appendToPre(ReaderPiece(String(repeating: " ", count: spaces), style))
            default:
                segment.append(character)
            }
        }
        flush(&self)
    }

    /// Columns between tab stops in preformatted text.
    static let tabStop = 4

    private mutating func appendToPre(_ piece: ReaderPiece) {
        guard !piece.text.isEmpty, preLines != nil else { return }
        preHasText = true
        written += 1
        preColumn += columns(of: piece.text)
        preLines![preLines!.count - 1].append(piece)
    }

    private mutating func openFlowIfNeeded() {
        // A cell's text is one paragraph, however its HTML breaks it; the breaks owed
        // before the table are the table block's.
        if tableRows != nil { return }
        if flowIsOpen, pendingBreaks == 0 { return }
        closeFlow()
        (flowFrames, flowOpensFrames, flowBlankBefore) = startBlock()
    }

    /// The frames a new block is drawn in, which of them it opens, and whether a blank line
    /// comes before it; the breaks owed are paid.
    private mutating func startBlock() -> ([ReaderFrame], [Bool], Bool) {
        let opens = framesStarted.map { !$0 }
        framesStarted = Array(repeating: true, count: frames.count)
        let blank = pendingBreaks >= 2 && !blocks.isEmpty
        pendingBreaks = 0
        return (frames, opens, blank)
    }

    private mutating func appendBlock(_ content: ReaderBlock.Content) {
        let (frames, opens, blank) = startBlock()
        blocks.append(ReaderBlock(content: content, frames: frames, opensFrames: opens, blankBefore: blank))
    }

    private mutating func flushBuffer() {
        guard !buffer.isEmpty else { return }
        pieces.append(ReaderPiece(buffer, style))
        buffer = ""
    }

    /// `text` at the end of the open table's last cell. Text before any cell (a caption, a
    /// stray word) is a cell, and a row, of its own.
    private mutating func appendToLastCell(_ text: [ReaderPiece]) {
        guard let rowCount = tableRows?.count else { return }
        if rowCount == 0 { tableRows?.append([]) }
        let row = max(rowCount - 1, 0)
        if tableRows?[row].isEmpty ?? false { tableRows?[row].append([]) }
        let cell = (tableRows?[row].count ?? 1) - 1
        tableRows?[row][cell] += text
    }

    private mutating func closeFlow() {
        flushBuffer()
        if tableRows != nil {
            if !pieces.isEmpty { appendToLastCell(pieces) }
            pieces = []
        } else if !pieces.isEmpty {
            blocks.append(ReaderBlock(
                content: .flow(pieces, breaksAnywhere: false), frames: flowFrames,
                opensFrames: flowOpensFrames, blankBefore: flowBlankBefore))
            pieces = []
        }
        pendingSpace = false
        afterOwnWord = false
        newlinesInSpace = 0
        lastScalar = nil
    }
}
