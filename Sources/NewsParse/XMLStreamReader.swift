// Owns one libxml2 xmlTextReader over a private copy of the document: a stream of events,
// never a tree of the whole document.
internal import CXML2

/// Not Sendable: one parse, on one thread. The reader, its buffer and its error context
/// are released together in deinit.
final class XMLStreamReader {
    private let reader: xmlTextReaderPtr
    /// libxml2 reads the memory it is given in place for the reader's whole life, so it
    /// gets a copy this object owns rather than a pointer into a Swift array.
    private let buffer: UnsafeMutableBufferPointer<CChar>
    let errors = XMLErrorCollector()

    /// `encoding` overrides the document's own declaration (an HTTP charset); nil lets libxml2
    /// decide from the BOM and the XML declaration.
    init?(bytes: [UInt8], encoding: String?) {
        LibXMLSetup.ensureInitialised()
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(bytes.count, 1))
        _ = bytes.withUnsafeBufferPointer { source in
            copy.initialize(from: source.lazy.map { CChar(bitPattern: $0) })
        }
        // No NOENT: entities are not expanded, so no billion-laughs. NONET: no DTD fetching.
        let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        guard let created = xmlReaderForMemory(copy.baseAddress, Int32(clamping: bytes.count), nil, encoding, options) else {
            copy.deallocate()
            return nil
        }
        reader = created
        buffer = copy
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            Unmanaged<XMLErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
        buffer.deallocate()
    }

    /// The next element start, element end or text; nil at the end or when libxml2 stops.
    func next() -> XMLEvent? {
        while xmlTextReaderRead(reader) == 1 {
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                return .start(currentElement())
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                 Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                return .text(string(xmlTextReaderConstValue(reader)))
            default:
                continue
            }
        }
        return nil
    }

    /// Whether libxml2 gave up before the end: its reader stops at the first well-formedness
    /// error even in recovery mode, so the caller may try again on a repaired copy.
    var stoppedAtError: Bool {
        xmlTextReaderReadState(reader) == Int32(XML_TEXTREADER_MODE_ERROR.rawValue)
    }

    private func currentElement() -> XMLElementStart {
        let name = XMLName(
            namespace: string(xmlTextReaderConstNamespaceUri(reader)),
            local: string(xmlTextReaderConstLocalName(reader)))
        let qualifiedName = string(xmlTextReaderConstName(reader))
        let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
        let line = Int(xmlTextReaderGetParserLineNumber(reader))
        var attributes: [XMLAttribute] = []
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            attributes.append(XMLAttribute(
                name: XMLName(
                    namespace: string(xmlTextReaderConstNamespaceUri(reader)),
                    local: string(xmlTextReaderConstLocalName(reader))),
                value: string(xmlTextReaderConstValue(reader))))
        }
        _ = xmlTextReaderMoveToElement(reader)
        return XMLElementStart(
            name: name, qualifiedName: qualifiedName, attributes: attributes, isEmpty: isEmpty, line: line)
    }

    /// Copies a string libxml2 owns; the pointer is only valid until the next read.
    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
