// Owns one libxml2 xmlTextReader over an in-memory document and hands out its nodes as
// Swift values: element starts with their attributes, text, element ends.
import Foundation
internal import CXML2

struct XMLPullNode {
    enum Kind {
        /// Attribute names lowercased; one in a namespace as `{URI}name`.
        case start(name: String, attributes: [String: String], isEmpty: Bool)
        case text(String)
        case end(name: String)
    }

    var kind: Kind
}

/// Not Sendable: one document, read on one thread.
final class XMLPullReader {
    private let reader: xmlTextReaderPtr
    /// libxml2's functions (loaded and initialised on first use, never unloaded).
    private let xml: UnsafePointer<newsmenu_xml2_api>
    /// libxml2 reads from this buffer without copying it, so it lives as long as the reader.
    private let buffer: UnsafeMutableBufferPointer<CChar>
    private var errors: [String] = []

    /// Fails when libxml2 cannot be loaded or gives no reader.
    init(_ data: Data) throws(OPMLError) {
        guard let table = newsmenu_xml2() else {
            throw OPMLError(message: "cannot load libxml2.so.2: \(String(cString: newsmenu_xml2_error())); install the libxml2 package")
        }
        xml = table
        buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(data.count, 1))
        _ = buffer.initialize(from: data.map { CChar(bitPattern: $0) })
        // NONET: never the network. No NOENT and no DTDLOAD, so no entity of a DTD is ever
        // loaded or expanded; the predefined five and character references still are.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        guard let created = xml.pointee.reader_for_memory(buffer.baseAddress, Int32(data.count), nil, nil, options) else {
            buffer.deallocate()
            throw OPMLError(message: "libxml2 could not start a reader")
        }
        reader = created
    }

    deinit {
        xml.pointee.free_reader(reader)
        buffer.deallocate()
    }

    /// The next node that matters, nil at the end; a well-formedness error as libxml2 words it.
    func next() throws(OPMLError) -> XMLPullNode? {
        while true {
            let status = xml.pointee.reader_read(reader)
            if status == 0 { return nil }
            guard status == 1 else { throw OPMLError(message: "not well-formed XML: " + lastError()) }
            let type = xml.pointee.reader_node_type(reader)
            switch type {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = string(xml.pointee.reader_local_name(reader))
                let isEmpty = xml.pointee.reader_is_empty_element(reader) == 1
                return XMLPullNode(kind: .start(name: name, attributes: attributes(), isEmpty: isEmpty))
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return XMLPullNode(kind: .end(name: string(xml.pointee.reader_local_name(reader))))
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                return XMLPullNode(kind: .text(string(xml.pointee.reader_value(reader))))
            default:
                continue
            }
        }
    }

    private func attributes() -> [String: String] {
        var result: [String: String] = [:]
        while xml.pointee.reader_next_attribute(reader) == 1 {
            let name = string(xml.pointee.reader_local_name(reader)).lowercased()
            // An attribute in a namespace is told apart by it: `{URI}name`.
            let namespace = string(xml.pointee.reader_namespace_uri(reader))
            result[namespace.isEmpty ? name : "{\(namespace)}\(name)"] = string(xml.pointee.reader_value(reader))
        }
        _ = xml.pointee.reader_to_element(reader)
        return result
    }

    private func lastError() -> String {
        guard let error = xml.pointee.last_error(), let message = error.pointee.message else { return "libxml2 stopped reading" }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return "line \(error.pointee.line): \(text)"
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
