// An element start read where libxml2 left it: attributes become Strings only when asked for.
import Glibc

/// What the start-element callback hands the walker. The attribute and namespace arrays are
/// libxml2's, valid only during the callback: the walker reads from it there and never keeps
/// it. Most elements need none of their attributes (the walker reads a few, such as an
/// enclosure's `url` or an Atom link's `href`), so copying all of them for every element
/// with attributes was most of what a start with attributes cost.
struct ElementStartInPlace {
    let kind: ElementKind
    let line: Int
    /// libxml2's attributes: five pointers each (local name, prefix, URI, value start, value end).
    private let attributeFields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    private let attributeCount: Int
    /// libxml2's namespace declarations: pairs of prefix and URI.
    private let namespaceFields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    private let namespaceCount: Int

    init(
        kind: ElementKind, line: Int,
        attributes: (UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int),
        namespaces: (UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int)
    ) {
        self.kind = kind
        self.line = line
        (attributeFields, attributeCount) = attributes.0 == nil ? (nil, 0) : attributes
        (namespaceFields, namespaceCount) = namespaces.0 == nil ? (nil, 0) : namespaces
    }

    /// Whether the element has attributes to look in.
    var hasAttributes: Bool { attributeCount > 0 }

    /// The value of the first attribute named `local` in `namespace` ("" for none), as
    /// XMLElementStart.attribute answers it for the copied element. The local name is
    /// compared first: it rules out nearly every attribute in a byte or two.
    func attribute(_ local: StaticString, namespace: String = "") -> String? {
        guard let fields = attributeFields else { return nil }
        for index in 0..<attributeCount {
            let field = fields + 5 * index
            guard let start = field[3], let end = field[4] else { continue }
            if ElementStartInPlace.spells(field[0], local), ElementStartInPlace.spells(field[2], namespace) {
                return UTF8Text.string(UnsafeBufferPointer(start: start, count: end - start))
            }
        }
        return nil
    }

    /// The element with its attributes and namespace declarations copied out, for what keeps
    /// it past the callback (a field being read) or reads all of it (the root, markup).
    /// Inlined: nearly every field element has no attributes, and the call cost more than the
    /// copy of its kind and line.
    var copied: XMLElementStart {
        @inline(__always) get {
            guard attributeCount > 0 || namespaceCount > 0 else { return XMLElementStart(kind: kind, line: line) }
            return copiedWithAttributes()
        }
    }

    private func copiedWithAttributes() -> XMLElementStart {
        var declared: [String] = []
        if let list = namespaceFields {
            declared.reserveCapacity(namespaceCount)
            for index in 0..<namespaceCount { declared.append(ElementStartInPlace.text(list[2 * index + 1])) }
        }
        var read: [XMLAttribute] = []
        if let list = attributeFields {
            read.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                let fields = list + 5 * index
                guard let start = fields[3], let end = fields[4] else { continue }
                let value = UTF8Text.string(UnsafeBufferPointer(start: start, count: end - start))
                let name = XMLName(namespace: ElementStartInPlace.text(fields[2]), local: ElementStartInPlace.text(fields[0]))
                read.append(XMLAttribute(name: name, value: value))
            }
        }
        return XMLElementStart(kind: kind, attributes: read, declaredNamespaces: declared, line: line)
    }

    /// `copied`, sharing the attributes of `earlier` when they are the same (names and value
    /// bytes, in order) and neither declares a namespace: a feed's items repeat their
    /// attributes (`<guid isPermaLink="false">` in every item), and a copy made each Strings,
    /// an array and an object, about 1,200 instructions.
    @inline(__always)
    func copied(reusing earlier: XMLElementStart?) -> XMLElementStart {
        guard attributeCount > 0, namespaceCount == 0, let earlier, earlier.declaredNamespaces.isEmpty,
              sameAttributes(as: earlier.attributes)
        else { return copied }
        return XMLElementStart(kind: kind, line: line, sharingAttributesOf: earlier)
    }

    /// Whether libxml2's attributes, those with a value as `copied` takes them, are `attributes`.
    private func sameAttributes(as attributes: [XMLAttribute]) -> Bool {
        guard let fields = attributeFields, !attributes.isEmpty else { return false }
        var next = 0
        for index in 0..<attributeCount {
            let field = fields + 5 * index
            guard let start = field[3], let end = field[4] else { continue }
            guard next < attributes.count else { return false }
            let attribute = attributes[next]
            guard ElementStartInPlace.spells(field[0], attribute.name.local),
                  ElementStartInPlace.spells(field[2], attribute.name.namespace),
                  ElementStartInPlace.same(UnsafeBufferPointer(start: start, count: end - start), attribute.value)
            else { return false }
            next += 1
        }
        return next == attributes.count
    }

    /// libxml2's name as a String ("" for none).
    private static func text(_ name: UnsafePointer<UInt8>?) -> String {
        name.map { String(cString: $0) } ?? ""
    }

    /// Whether libxml2's name (nil for none, which reads as "") is `text`.
    private static func spells(_ name: UnsafePointer<UInt8>?, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { spells(name, $0) }
    }

    private static func spells(_ name: UnsafePointer<UInt8>?, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { spells(name, $0) }
    }

    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count == bytes.count else { return false }
            guard let text = utf8.baseAddress, let base = bytes.baseAddress else { return true }
            return memcmp(text, base, bytes.count) == 0
        }
    }

    /// Byte by byte: the names asked for are short, and the first byte mostly decides.
    private static func spells(_ name: UnsafePointer<UInt8>?, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let name else { return text.isEmpty }
        for (index, byte) in text.enumerated() where name[index] != byte { return false }
        return name[text.count] == 0
    }
}
