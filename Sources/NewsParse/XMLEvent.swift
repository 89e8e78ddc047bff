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

/// One distinct element name of a document (namespace, local name and prefix as written),
/// worked out once: what the walker needs to know about every element of that name.
final class ElementKind {
    let name: XMLName
    /// The field table's name for it, if the table knows the namespace.
    let term: Term?
    /// The prefix as written (`rdf`), for messages only.
    let prefix: String
    /// The name as written (`rdf:RDF`), for messages only.
    var qualifiedName: String { prefix.isEmpty ? name.local : prefix + ":" + name.local }
    /// The field table's rules for this element, in any scope and under any parent.
    let rules: [FieldRule]
    /// `!rules.isEmpty`, asked on every element start: reading the array retained it.
    let hasRules: Bool
    /// Whether it is one of the names that can open a channel or item scope, worked out
    /// once here instead of comparing names on every element.
    let scopeName: ScopeName?

    enum ScopeName {
        case rssChannel, rssItem, rssImage, atomEntry, atomSource
    }

    init(name: XMLName, prefix: String) {
        self.name = name
        self.prefix = prefix
        term = Term(name)
        let rules = term.map(FieldTable.rules(for:)) ?? []
        self.rules = rules
        hasRules = !rules.isEmpty
        func direct(_ scope: Scope) -> FieldRule? { rules.first { $0.scope == scope && $0.parent == nil } }
        directRules = (direct(.channel), direct(.item), direct(.rdfImage), direct(.atomSource))
        switch term {
        case Term(.rss, "channel"): scopeName = .rssChannel
        case Term(.rss, "item"): scopeName = .rssItem
        case Term(.rss, "image"): scopeName = .rssImage
        case Term(.atom, "entry"): scopeName = .atomEntry
        case Term(.atom, "source"): scopeName = .atomSource
        default: scopeName = nil
        }
    }

    /// The rules for this element as a direct child of a channel, an item, RDF's image and
    /// an Atom entry's source, worked out once: nearly every field element is one, and
    /// searching `rules` compared scopes and parent terms on every element.
    private let directRules: (channel: FieldRule?, item: FieldRule?, rdfImage: FieldRule?, atomSource: FieldRule?)

    /// The rule for this element directly in `scope` (parent nil) or under `parent`.
    @inline(__always)
    func rule(scope: Scope, parent: Term?) -> FieldRule? {
        guard let parent else {
            switch scope {
            case .channel: return directRules.channel
            case .item: return directRules.item
            case .rdfImage: return directRules.rdfImage
            case .atomSource: return directRules.atomSource
            }
        }
        return rules.first { $0.scope == scope && $0.parent == parent }
    }
}

struct XMLElementStart {
    let kind: ElementKind
    /// The attributes and declared namespaces, nil when there are neither (nearly every
    /// element): a start is copied into the walker and the field being read, and then holds
    /// one reference to count instead of three.
    private let extras: Extras?
    let line: Int

    private final class Extras {
        let attributes: [XMLAttribute]
        let declaredNamespaces: [String]

        init(attributes: [XMLAttribute], declaredNamespaces: [String]) {
            self.attributes = attributes
            self.declaredNamespaces = declaredNamespaces
        }
    }

    init(kind: ElementKind, attributes: [XMLAttribute], declaredNamespaces: [String], line: Int) {
        self.kind = kind
        self.line = line
        let none = attributes.isEmpty && declaredNamespaces.isEmpty
        extras = none ? nil : Extras(attributes: attributes, declaredNamespaces: declaredNamespaces)
    }

    /// An element with neither attributes nor namespace declarations.
    init(kind: ElementKind, line: Int) {
        self.kind = kind
        self.line = line
        extras = nil
    }

    /// Another element with the attributes and declarations of `other`, which it shares.
    init(kind: ElementKind, line: Int, sharingAttributesOf other: XMLElementStart) {
        self.kind = kind
        self.line = line
        extras = other.extras
    }

    var attributes: [XMLAttribute] { extras?.attributes ?? [] }
    var hasAttributes: Bool { extras != nil }
    /// The namespace URIs this element declares (`xmlns`, `xmlns:p`).
    var declaredNamespaces: [String] { extras?.declaredNamespaces ?? [] }

    var name: XMLName { kind.name }
    var term: Term? { kind.term }
    var prefix: String { kind.prefix }

    /// The name as written (`rdf:RDF`), for messages only.
    var qualifiedName: String { kind.qualifiedName }

    /// An attribute in no namespace, as `href` or `type`. Most elements have none: that is
    /// answered before any name is compared.
    func attribute(_ local: String) -> String? {
        extras?.attributes.first { $0.name.namespace.isEmpty && $0.name.local == local }?.value
    }

    func attribute(_ local: String, namespace: String) -> String? {
        extras?.attributes.first { $0.name.namespace == namespace && $0.name.local == local }?.value
    }
}
