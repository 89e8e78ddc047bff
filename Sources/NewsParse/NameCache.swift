// The names libxml2 hands the SAX callbacks, turned into Swift strings once per distinct name.
internal import CXML2
import Glibc

/// libxml2 interns element, attribute and namespace names in its dictionary, so one pointer
/// stands for one name for the whole parse: each is converted once and then looked up by
/// pointer. The bytes are compared too, so a name that was not interned is never mistaken.
/// Not Sendable: lives inside one parser.
final class NameCache {
    struct Name {
        let text: String
        /// For namespace URIs: the field table's vocabulary, if it knows the namespace.
        let vocabulary: Vocabulary?
        fileprivate let bytes: ContiguousArray<CChar>
    }

    private static let none = Name(text: "", vocabulary: Vocabulary(namespaceURI: ""), bytes: [0])
    private var names: [UnsafeRawPointer: Name] = [:]

    func name(_ pointer: UnsafePointer<xmlChar>?) -> Name {
        guard let pointer else { return NameCache.none }
        let key = UnsafeRawPointer(pointer)
        let characters = key.assumingMemoryBound(to: CChar.self)
        if let known = names[key], known.bytes.withUnsafeBufferPointer({ $0.baseAddress.map { strcmp($0, characters) } }) == 0 {
            return known
        }
        let text = String(cString: characters)
        var bytes = ContiguousArray(text.utf8CString)
        if bytes.isEmpty { bytes = [0] }
        let made = Name(text: text, vocabulary: Vocabulary(namespaceURI: text), bytes: bytes)
        names[key] = made
        return made
    }
}
