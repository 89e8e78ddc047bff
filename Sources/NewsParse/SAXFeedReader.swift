// Owns one libxml2 SAX2 push parser over one document and feeds its events straight into
// the feed walker: a stream of callbacks, never a tree, and no copy of the whole document.
internal import CXML2
import Glibc

/// Not Sendable: one parse, on one thread. The parser context is created in init with this
/// object as its user data and freed in deinit, so every callback finds the object alive.
final class SAXFeedReader {
    /// How much of the document libxml2 gets per xmlParseChunk call. 4 MB chunks execute 1.8
    /// instructions a byte fewer on the 50 MB benchmark feed but took 10 % more CPU time (the
    /// copy no longer fits the cache) and 8 MB more memory.
    static let chunkSize = 256 * 1024

    private var context: xmlParserCtxtPtr?
    /// libxml2's functions (loaded on first use, never unloaded).
    private let xml: UnsafePointer<newsmenu_xml2_api>
    /// Unchecked: the callbacks run one at a time on the parsing thread and none holds an
    /// access across another, so the run-time exclusivity check each one paid (about 200
    /// instructions a callback) finds nothing.
    @exclusivity(unchecked) private(set) var walker: FeedWalker
    let errors = XMLErrorCollector()
    let entities = EntityTable()
    private let names = NameCache()
    /// What the document's undeclared namespace prefixes were read as (NameCache).
    var undeclaredPrefixWarnings: [String] { names.undeclaredPrefixes.map(UndeclaredPrefix.warning) }
    /// Added to libxml2's line numbers: a reader of a document's second half is handed the
    /// head and then the bytes from the split, so its lines lag the document's by the lines
    /// skipped.
    var lineOffset = 0
    /// The document a first-half reader is fed a prefix of, while it watches for items.
    private var watchedDocument: UnsafeRawBufferPointer?
    /// Where the first item's start tag was read, once it has been.
    private(set) var firstItem: ItemStart?
    /// Elements opened since the first item above the items' depth (a second channel, say):
    /// then a later item's ancestors are not the first item's.
    private var startsAboveItems = 0
    /// The offset of the `<` of the item start tag a first-half reader stops before.
    private var splitOffset: Int?
    private(set) var stoppedAtSplit = false
    /// Whether CDATA sections' content goes to the walker without libxml2 (handOverCDATA);
    /// off only for the tests' reference reading.
    private let bypassesCDATA: Bool
    /// Whether the document is known to be well-formed UTF-8 (FeedParser checked or converted
    /// it), so that a section's content needs no second check before it is handed over.
    private let documentIsUTF8: Bool
    /// How many sections handOverCDATA handed over (the tests show with it that it ran).
    private(set) var sectionsHandedOver = 0

    /// Fails when libxml2 cannot be loaded or gives no parser.
    init(documentURL: String?, checkedUTF8: Bool = false, bypassingCDATA: Bool = true) throws(FeedParseError) {
        xml = try LibXML2.functions()
        bypassesCDATA = bypassingCDATA
        documentIsUTF8 = checkedUTF8
        walker = FeedWalker(documentURL: documentURL)
        var handler = SAXFeedReader.handler()
        guard let created = xml.pointee.create_push_parser(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, nil)
        else { throw .notXML("libxml2 could not create a parser for the document") }
        // RECOVER: keep going past well-formedness errors. NONET: no network. IGNORE_ENC: the
        // bytes are UTF-8 already (CharsetDecision converted them), whatever the declaration says.
        // NOENT only makes libxml2 insert the text of the entities EntityTable hands it; it
        // knows no other entity, so it never expands or loads one itself.
        let options = XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
            | XML_PARSE_NOENT.rawValue
        _ = xml.pointee.use_options(created, Int32(options))
        context = created
    }

    deinit {
        guard let context else { return }
        // A document that declares entities leaves a document of libxml2's own behind, even
        // though a SAX parse builds no tree: it copies each declaration into ctxt->myDoc "for
        // expat compatibility", and freeing the context does not free it (LeakSanitizer found
        // one leaked per such parse; xmlSAXUserParseMemory frees it the same way).
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xml.pointee.free_doc(document)
        }
        xml.pointee.free_parser(context)
    }

    /// Parses UTF-8 bytes to the end (or until the walker rejects the root element).
    func parse(_ bytes: UnsafeRawBufferPointer) {
        feed(bytes)
        end()
    }

    /// Hands libxml2 the next bytes of the document, `chunkSize` at a time, until they are
    /// used up, the walker rejects the root, the reader stops at its split, or `enough` says
    /// so after a chunk. Returns how many bytes were handed over.
    @discardableResult
    func feed(
        _ bytes: UnsafeRawBufferPointer, chunkSize: Int = SAXFeedReader.chunkSize, until enough: () -> Bool = { false }
    ) -> Int {
        guard let context, let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count, walker.rejectedRoot == nil, !stoppedAtSplit {
            // A chunk, or less: up to and including the next CDATA section's opener. Only once
            // the root element is open: a section can only be in an element's content, and
            // before it (a DOCTYPE's internal subset, say) libxml2 reads a broken document
            // differently when its chunk ends at such an opener (found by the fuzzer).
            let opener = bypassesCDATA && walker.depth > 0
                ? CDATASection.opener(in: bytes, from: offset, before: offset + chunkSize) : nil
            let end = opener.map { $0 + CDATASection.opener.count } ?? min(offset + chunkSize, bytes.count)
            // An empty chunk first: libxml2 drops what it has read from its buffer at the
            // start of each call, moving what is left to the front. Called after the last
            // chunk is read, that is a few bytes; called with a new chunk, the whole chunk.
            if offset > 0 { _ = xml.pointee.parse_chunk(context, nil, 0, 0) }
            _ = xml.pointee.parse_chunk(
                context, base.advanced(by: offset).assumingMemoryBound(to: CChar.self), Int32(end - offset), 0)
            offset = end
            if opener != nil, let contentEnd = handOverCDATA(of: bytes, from: end) { offset = contentEnd }
            if enough() { break }
        }
        return offset
    }

    /// When libxml2 has just read a CDATA section's opener at the end of the bytes it was
    /// given (and everything before it), hands the section's content from `start` to the
    /// walker as libxml2 would, moves libxml2's line, column and byte counts past it as if it
    /// had read it, and returns where the content ends (its `]]>`, which libxml2 then reads
    /// itself, closing the section with an empty block). Nil, leaving the content to libxml2,
    /// when the opener was not a section's start or the content is not plain (CDATASection).
    private func handOverCDATA(of bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let context, context.pointee.instate == XML_PARSER_CDATA_SECTION, context.pointee.inputNr == 1,
              context.pointee.disableSAX == 0, let input = context.pointee.input,
              // In the section's state with nothing left unread: it opened at the last byte given.
              // (Inside a section libxml2 keeps at least two bytes back while it looks for `]]>`.)
              input.pointee.cur == input.pointee.end,
              let content = CDATASection.content(in: bytes, from: start, knownUTF8: documentIsUTF8)
        else { return nil }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<content.end])
        if walker.isCapturing, !text.isEmpty { walker.appendText(text.assumingMemoryBound(to: UInt8.self)) }
        input.pointee.consumed += UInt(text.count)
        if content.newlines > 0 {
            input.pointee.line += Int32(content.newlines)
            input.pointee.col = Int32(1 + content.lastLineBytes)
        } else {
            input.pointee.col += Int32(text.count)
        }
        sectionsHandedOver += 1
        return content.end
    }

    /// Tells libxml2 the document ended.
    func end() {
        guard let context else { return }
        _ = xml.pointee.parse_chunk(context, nil, 0, 1)
    }

    // MARK: Splitting a document in two

    /// Where an item's start tag was read: the offset of its `<` and the depth the item
    /// opens at.
    struct ItemStart {
        let offset: Int
        let depth: Int
    }

    /// Makes the reader note where the first item starts (firstItem). `document` is the
    /// whole input, of which the reader is fed a prefix.
    func watchItems(of document: UnsafeRawBufferPointer) {
        watchedDocument = document
    }

    /// Makes the reader stop, leaving it unread, at the item whose start tag's `<` is at
    /// `offset`, if libxml2 reaches it at the first item's depth under the same ancestors;
    /// otherwise it reads on to the end as usual.
    func stop(atItemTag offset: Int) {
        splitOffset = offset
    }

    /// Joins what the reader of the document's second half found onto this first-half reader.
    func join(_ half: FeedWalker.SecondHalf) {
        walker.join(half)
    }

    /// Whether nothing unusual happened: no libxml2 message, no entity warning. Only then are
    /// two halves read apart the same as the whole read at once (line numbers in libxml2's
    /// messages and the entity budget are the document's, not a half's).
    var readCleanly: Bool {
        errors.warnings.isEmpty && !errors.sawError && entities.warnings.isEmpty
    }

    /// libxml2 reports a start tag with its input at the tag's `>` (or `/>`): the byte
    /// offset of the tag's `<` is the last `<` before it, and libxml2's buffer must hold
    /// the same bytes there, or the position is not trusted.
    private func itemTagStart() -> ItemStart? {
        guard let document = watchedDocument, let documentBase = document.baseAddress, let context,
              let input = context.pointee.input, let cur = input.pointee.cur, let inputBase = input.pointee.base
        else { return nil }
        let position = Int(xml.pointee.byte_consumed(context))
        guard position > 0, position < document.count else { return nil }
        var start = position - 1
        while start > 0, document[start] != UInt8(ascii: "<") { start -= 1 }
        let length = position - start
        guard document[start] == UInt8(ascii: "<"), cur - inputBase >= length,
              memcmp(cur - length, documentBase + start, length) == 0
        else { return nil }
        return ItemStart(offset: start, depth: walker.depth)
    }

    // MARK: Callbacks

    private static func reader(_ userData: UnsafeMutableRawPointer?) -> SAXFeedReader? {
        userData.map { Unmanaged<SAXFeedReader>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The element and text callbacks, the frequent ones, borrow the reader instead of
    /// retaining and releasing it each time (about 80 instructions a callback): the reader
    /// owns the parser context, so it is alive for every callback the context makes.
    private static func withReader(_ userData: UnsafeMutableRawPointer?, _ body: (SAXFeedReader) -> Void) {
        guard let userData else { return }
        Unmanaged<SAXFeedReader>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
    }

    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            SAXFeedReader.withReader(userData) { reader in
                reader.startElement(
                    localName: localName, prefix: prefix, uri: uri,
                    namespaces: (namespaces, Int(namespaceCount)), attributes: (attributes, Int(attributeCount)))
            }
        }
        handler.endElementNs = { userData, _, _, _ in
            SAXFeedReader.withReader(userData) { reader in reader.walker.handleEnd() }
        }
        let characters: charactersSAXFunc = { userData, characters, length in
            guard let characters else { return }
            SAXFeedReader.withReader(userData) { reader in
                guard reader.walker.isCapturing else { return }
                reader.walker.appendText(UnsafeBufferPointer(start: characters, count: Int(length)))
            }
        }
        handler.characters = characters
        handler.cdataBlock = characters
        handler.ignorableWhitespace = characters
        handler.getEntity = { userData, name in
            guard let reader = SAXFeedReader.reader(userData), let name else { return nil }
            return reader.entity(named: String(cString: name))
        }
        handler.entityDecl = { userData, name, type, _, _, content in
            guard let reader = SAXFeedReader.reader(userData), let name else { return }
            reader.entities.declare(name: String(cString: name), type: type, content: content.map { String(cString: $0) })
        }
        handler.serror = { userData, error in
            guard let reader = SAXFeedReader.reader(userData), let error else { return }
            reader.errors.record(error.pointee)
            reader.walker.textProvenance = .unchecked
        }
        return handler
    }

    /// Keeps the split's books on each start tag; true when the reader has just stopped at
    /// the split item, which it then leaves unread.
    private func stopsAtSplit(_ kind: ElementKind) -> Bool {
        guard let first = firstItem else {
            if walker.opensItem(kind) {
                firstItem = itemTagStart()
                if firstItem == nil { watchedDocument = nil }
            }
            return false
        }
        if walker.depth < first.depth { startsAboveItems += 1 }
        guard let splitOffset, walker.depth == first.depth, walker.opensItem(kind) else { return false }
        guard let start = itemTagStart(), start.offset >= splitOffset else { return false }
        // Past the split, or at it: either way nothing more to watch.
        watchedDocument = nil
        guard start.offset == splitOffset, startsAboveItems == 0, let context else { return false }
        stoppedAtSplit = true
        xml.pointee.stop_parser(context)
        return true
    }

    private func entity(named name: String) -> xmlEntityPtr? {
        let inAttribute = context?.pointee.instate == XML_PARSER_ATTRIBUTE_VALUE
        return entities.entity(named: name, inAttribute: inAttribute)
    }

    private func startElement(
        localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        namespaces: (UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, Int),
        attributes: (UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, Int)
    ) {
        let kind = names.kind(local: localName, namespace: uri, prefix: prefix)
        if watchedDocument != nil, stopsAtSplit(kind) { return }
        let line = Int(context?.pointee.input?.pointee.line ?? 0) + lineOffset
        let element = ElementStartInPlace(
            kind: kind, line: line, attributes: attributes, namespaces: namespaces)
        walker.handleStart(element)
        if walker.rejectedRoot != nil, let context { xml.pointee.stop_parser(context) }
    }
}
