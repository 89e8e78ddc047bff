// Owns one libxml2 SAX2 push parser over one document and feeds its events straight into
// the feed walker: a stream of callbacks, never a tree, and no copy of the whole document.
internal import CXML2

/// Not Sendable: one parse, on one thread. The parser context is created in init with this
/// object as its user data and freed in deinit, so every callback finds the object alive.
final class SAXFeedReader {
    /// How much of the document libxml2 gets per xmlParseChunk call. 4 MB chunks execute 1.8
    /// instructions a byte fewer on the 50 MB benchmark feed but took 10 % more CPU time (the
    /// copy no longer fits the cache) and 8 MB more memory.
    private static let chunkSize = 256 * 1024

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

    /// Fails when libxml2 cannot be loaded or gives no parser.
    init(documentURL: String?) throws(FeedParseError) {
        xml = try LibXML2.functions()
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
        if let context { xml.pointee.free_parser(context) }
    }

    /// Parses UTF-8 bytes to the end (or until the walker rejects the root element).
    func parse(_ bytes: UnsafeRawBufferPointer) {
        guard let context else { return }
        if let base = bytes.baseAddress {
            var offset = 0
            while offset < bytes.count, walker.rejectedRoot == nil {
                let length = min(SAXFeedReader.chunkSize, bytes.count - offset)
                _ = xml.pointee.parse_chunk(context, base.advanced(by: offset).assumingMemoryBound(to: CChar.self), Int32(length), 0)
                offset += length
            }
        }
        _ = xml.pointee.parse_chunk(context, nil, 0, 1)
    }

    // MARK: Callbacks

    private static func reader(_ userData: UnsafeMutableRawPointer?) -> SAXFeedReader? {
        userData.map { Unmanaged<SAXFeedReader>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            SAXFeedReader.reader(userData)?.startElement(
                localName: localName, prefix: prefix, uri: uri,
                namespaces: (namespaces, Int(namespaceCount)), attributes: (attributes, Int(attributeCount)))
        }
        handler.endElementNs = { userData, _, _, _ in
            SAXFeedReader.reader(userData)?.walker.handleEnd()
        }
        let characters: charactersSAXFunc = { userData, characters, length in
            guard let reader = SAXFeedReader.reader(userData), reader.walker.isCapturing, let characters else { return }
            reader.walker.appendText(UnsafeBufferPointer(start: characters, count: Int(length)))
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
        }
        return handler
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
        var declared: [String] = []
        if let list = namespaces.0, namespaces.1 > 0 {
            // Pairs of prefix and URI.
            for index in 0..<namespaces.1 { declared.append(names.name(list[2 * index + 1]).text) }
        }
        var read: [XMLAttribute] = []
        if let list = attributes.0, attributes.1 > 0 {
            read.reserveCapacity(attributes.1)
            // Five pointers each: local name, prefix, URI, value start, value end.
            for index in 0..<attributes.1 {
                let fields = list + 5 * index
                guard let start = fields[3], let end = fields[4] else { continue }
                let value = UTF8Text.string(UnsafeBufferPointer(start: start, count: end - start))
                read.append(XMLAttribute(
                    name: XMLName(namespace: names.name(fields[2]).text, local: names.name(fields[0]).text), value: value))
            }
        }
        let line = Int(context?.pointee.input?.pointee.line ?? 0)
        let element = XMLElementStart(kind: kind, attributes: read, declaredNamespaces: declared, line: line)
        walker.handleStart(element)
        if walker.rejectedRoot != nil, let context { xml.pointee.stop_parser(context) }
    }
}
