// The names libxml2 hands the SAX callbacks, turned into Swift values once per distinct name.
internal import CXML2
import Glibc

/// libxml2 interns element, attribute and namespace names in its dictionary, so one pointer
/// stands for one name for the whole parse: each is converted once and then looked up by
/// pointer. The bytes are compared too, so a name that was not interned is never mistaken.
/// Not Sendable: lives inside one parser.
final class NameCache {
    struct Name {
        let text: String
        fileprivate let bytes: ContiguousArray<CChar>
    }

    private static let none = Name(text: "", bytes: [0])
    /// Unchecked exclusivity, like the tables below: read and written once per element by
    /// one parser, never re-entered (see SAXFeedReader.walker).
    @exclusivity(unchecked) private var names: [UnsafeRawPointer: Name] = [:]

    /// An element's kind, keyed by the three pointers of its name. A class: reading a slot
    /// retains one object, not the kind and both byte arrays.
    private final class KindEntry {
        let local: UnsafeRawPointer
        let namespace: UnsafeRawPointer?
        let prefix: UnsafeRawPointer?
        let localBytes: ContiguousArray<CChar>
        let namespaceBytes: ContiguousArray<CChar>
        /// Compared only for an element without a namespace, whose prefix then decides it.
        let prefixBytes: ContiguousArray<CChar>
        let kind: ElementKind

        init(
            local: UnsafeRawPointer, namespace: UnsafeRawPointer?, prefix: UnsafeRawPointer?,
            localBytes: ContiguousArray<CChar>, namespaceBytes: ContiguousArray<CChar>,
            prefixBytes: ContiguousArray<CChar>, kind: ElementKind
        ) {
            self.local = local
            self.namespace = namespace
            self.prefix = prefix
            self.localBytes = localBytes
            self.namespaceBytes = namespaceBytes
            self.prefixBytes = prefixBytes
            self.kind = kind
        }
    }

    /// Direct-mapped by the local name's pointer: a feed uses a few dozen element names, so
    /// nearly every look-up is one probe; a clash only costs a conversion.
    /// 256: the top eight bits of the hash.
    private static let slotCount = 256
    @exclusivity(unchecked) private var kinds = [KindEntry?](repeating: nil, count: NameCache.slotCount)
    /// Every kind made, kept for the cache's life (the parser's) even when its slot is taken
    /// by another name: the walker's open elements hold their kinds unowned (see
    /// FeedWalker.OpenElement). As many as there are distinct names, like `names`.
    @exclusivity(unchecked) private var made: [ElementKind] = []
    /// The prefixes the document used without declaring them, in the order first met.
    private(set) var undeclaredPrefixes: [String] = []

    func name(_ pointer: UnsafePointer<xmlChar>?) -> Name {
        guard let pointer else { return NameCache.none }
        let key = UnsafeRawPointer(pointer)
        if let known = names[key], NameCache.same(known.bytes, key) { return known }
        let text = String(cString: key.assumingMemoryBound(to: CChar.self))
        let made = Name(text: text, bytes: NameCache.bytes(text))
        names[key] = made
        return made
    }

    /// The kind of an element name; it stays alive as long as this cache.
    func kind(
        local: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?
    ) -> ElementKind {
        guard let local else {
            let kind = ElementKind(name: XMLName(namespace: name(namespace).text, local: ""), prefix: name(prefix).text)
            made.append(kind)
            return kind
        }
        let localKey = UnsafeRawPointer(local)
        let namespaceKey = namespace.map(UnsafeRawPointer.init)
        let prefixKey = prefix.map(UnsafeRawPointer.init)
        // Fibonacci hashing: interned names sit a few bytes apart, so the low bits alone clash.
        let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: localKey)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if let entry = kinds[slot], entry.local == localKey, entry.namespace == namespaceKey, entry.prefix == prefixKey,
           NameCache.same(entry.localBytes, localKey),
           namespaceKey.map({ NameCache.same(entry.namespaceBytes, $0) })
               ?? prefixKey.map({ NameCache.same(entry.prefixBytes, $0) }) ?? true {
            return entry.kind
        }
        let localName = name(local), namespaceName = name(namespace), prefixName = name(prefix)
        var namespaceText = namespaceName.text
        // A prefix without a namespace is one the document never declared. Resolved here, once
        // per distinct name: a document whose prefixes are all declared pays nothing for it.
        if namespace == nil, prefix != nil {
            namespaceText = UndeclaredPrefix.namespace(for: prefixName.text)
            if !undeclaredPrefixes.contains(prefixName.text) { undeclaredPrefixes.append(prefixName.text) }
        }
        let kind = ElementKind(name: XMLName(namespace: namespaceText, local: localName.text), prefix: prefixName.text)
        made.append(kind)
        kinds[slot] = KindEntry(
            local: localKey, namespace: namespaceKey, prefix: prefixKey,
            localBytes: localName.bytes, namespaceBytes: namespaceName.bytes, prefixBytes: prefixName.bytes, kind: kind)
        return kind
    }

    private static func same(_ bytes: ContiguousArray<CChar>, _ pointer: UnsafeRawPointer) -> Bool {
        bytes.withUnsafeBufferPointer { $0.baseAddress.map { strcmp($0, pointer.assumingMemoryBound(to: CChar.self)) } } == 0
    }

    private static func bytes(_ text: String) -> ContiguousArray<CChar> {
        let bytes = ContiguousArray(text.utf8CString)
        return bytes.isEmpty ? [0] : bytes
    }
}
