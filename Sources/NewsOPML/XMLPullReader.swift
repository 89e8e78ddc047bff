// Owns one libxml2 xmlTextReader over an in-memory document and hands out its nodes as
// Swift values: element starts with their attributes, text, element ends.
import Foundation
internal import CXML2

struct XMLPullNode {
    enum Kind {
        /// Attribute names lowercased.
        case start(name: String, attributes: [String: String], isEmpty: Bool)
        case text(String)
        case end(name: String)
    }

    var kind: Kind
}

/// Initialised once before the first reader, as libxml2 asks of threaded programs.
private let libxml2Initialised: Bool = {
    xmlInitParser()
    return true
}()

/// Not Sendable: one document, read on one thread.
final class XMLPullReader {
    private let reader: xmlTextReaderPtr
    /// libxml2 reads from this buffer without copying it, so it lives as long as the reader.
    private let buffer: UnsafeMutableBufferPointer<CChar>
    private var errors: [String] = []

    init?(_ data: Data) {
        _ = libxml2Initialised
        buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(data.count, 1))
        _ = buffer.initialize(from: data.map { CChar(bitPattern: $0) })
        // NONET: never the network. No NOENT and no DTDLOAD, so no entity of a DTD is ever
        // loaded or expanded; the predefined five and character references still are.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        guard let created = xmlReaderForMemory(buffer.baseAddress, Int32(data.count), nil, nil, options) else {
            buffer.deallocate()
            return nil
        }
        reader = created
    }

    deinit {
        xmlFreeTextReader(reader)
        buffer.deallocate()
    }

    /// The next node that matters, nil at the end; a well-formedness error as libxml2 words it.
    func next() throws(OPMLError) -> XMLPullNode? {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            guard status == 1 else { throw OPMLError(message: "not well-formed XML: " + lastError()) }
            let type = xmlTextReaderNodeType(reader)
            switch type {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = string(xmlTextReaderConstLocalName(reader))
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                return XMLPullNode(kind: .start(name: name, attributes: attributes(), isEmpty: isEmpty))
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return XMLPullNode(kind: .end(name: string(xmlTextReaderConstLocalName(reader))))
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                return XMLPullNode(kind: .text(string(xmlTextReaderConstValue(reader))))
            default:
                continue
            }
        }
    }

    private func attributes() -> [String: String] {
        var result: [String: String] = [:]
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            result[string(xmlTextReaderConstLocalName(reader)).lowercased()] = string(xmlTextReaderConstValue(reader))
        }
        _ = xmlTextReaderMoveToElement(reader)
        return result
    }

    private func lastError() -> String {
        guard let error = xmlGetLastError(), let message = error.pointee.message else { return "libxml2 stopped reading" }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return "line \(error.pointee.line): \(text)"
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
