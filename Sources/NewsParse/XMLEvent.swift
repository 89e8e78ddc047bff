// What the stream reader hands the feed walker: Swift values copied out of libxml2.

/// An element or attribute name, matched by namespace URI; the prefix is never consulted.
struct XMLName: Hashable {
    let namespace: String
    let local: String
}

struct XMLAttribute {
    let name: XMLName
    let value: String
}

struct XMLElementStart {
    let name: XMLName
    /// The name as written (`rdf:RDF`), for messages only.
    let qualifiedName: String
    let attributes: [XMLAttribute]
    /// `<x/>`: libxml2 reports no end event for it.
    let isEmpty: Bool
    let line: Int

    /// An attribute in no namespace, as `href` or `type`.
    func attribute(_ local: String) -> String? {
        attributes.first { $0.name.namespace.isEmpty && $0.name.local == local }?.value
    }

    func attribute(_ local: String, namespace: String) -> String? {
        attributes.first { $0.name.namespace == namespace && $0.name.local == local }?.value
    }

    /// The namespace URIs this element declares (`xmlns`, `xmlns:p`).
    var declaredNamespaces: [String] {
        attributes.filter { $0.name.namespace == Namespace.xmlns }.map(\.value)
    }
}

enum XMLEvent {
    case start(XMLElementStart)
    case end
    case text(String)
}
