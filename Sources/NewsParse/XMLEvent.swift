// What the SAX parser hands the feed walker: Swift values copied out of libxml2.

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
    /// The field table's name for it, worked out once per distinct namespace.
    let term: Term?
    /// The prefix as written (`rdf`), for messages only.
    let prefix: String
    let attributes: [XMLAttribute]
    /// The namespace URIs this element declares (`xmlns`, `xmlns:p`).
    let declaredNamespaces: [String]
    let line: Int

    /// The name as written (`rdf:RDF`), for messages only.
    var qualifiedName: String { prefix.isEmpty ? name.local : prefix + ":" + name.local }

    /// An attribute in no namespace, as `href` or `type`.
    func attribute(_ local: String) -> String? {
        attributes.first { $0.name.namespace.isEmpty && $0.name.local == local }?.value
    }

    func attribute(_ local: String, namespace: String) -> String? {
        attributes.first { $0.name.namespace == namespace && $0.name.local == local }?.value
    }
}
