// Entity references, resolved by the parser rather than by libxml2: HTML's named references
// (feeds use `&nbsp;` without any DTD) and the document's own internal entities, expanded
// here under a byte budget so that no entity bomb can grow. External entities never load.
internal import CXML2
import NewsModel
import Glibc

/// libxml2 asks this table (through the SAX getEntity callback) for every reference that is
/// not one of XML's five. Answers are handed back as "predefined" entities whose text libxml2
/// passes on as characters, so libxml2 itself never expands anything. The entity records are
/// owned here and freed in deinit; libxml2 only reads them while the parser runs.
/// Not Sendable: lives inside one parser.
final class EntityTable {
    /// Bytes of text all entity references of one document may add together.
    static let expansionBudget = 1 << 20
    /// How deep declared entities may refer to one another.
    private static let maximumDepth = 8

    private var declared: [String: String] = [:]
    private var external: Set<String> = []
    /// Each entity's text once worked out, nil when it cannot be expanded (see `expand`).
    private var expansions: [String: Expansion?] = [:]
    private var records: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    private var emptyRecord: UnsafeMutablePointer<xmlEntity>?
    private(set) var expandedBytes = 0
    private(set) var warnings: [String] = []
    private var overBudget = false

    deinit {
        for record in records.values { EntityTable.release(record) }
        if let emptyRecord { EntityTable.release(emptyRecord) }
    }

    /// Records a `<!ENTITY …>` declaration. Only internal general entities get a value; the
    /// first declaration of a name binds, as XML says.
    func declare(name: String, type: Int32, content: String?) {
        switch UInt32(type) {
        case XML_INTERNAL_GENERAL_ENTITY.rawValue:
            if declared[name] == nil, let content { declared[name] = content }
        case XML_EXTERNAL_GENERAL_PARSED_ENTITY.rawValue, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY.rawValue:
            external.insert(name)
        default:
            // Parameter entities only matter inside a DTD, which is never read.
            break
        }
    }

    /// The record libxml2 should substitute for `&name;`, or nil to let it report the name
    /// as undeclared. `inAttribute`: libxml2 copies only the first byte of a predefined
    /// entity into an attribute value, so multi-byte text is refused there (the caller's
    /// repair pass turns such references into character references).
    func entity(named name: String, inAttribute: Bool) -> UnsafeMutablePointer<xmlEntity>? {
        if external.contains(name), declared[name] == nil {
            warn("external entity &\(name); was not loaded: newsmenu never reads files or URLs a feed names")
            return empty()
        }
        guard let text = expansion(of: name) else {
            if declared[name] != nil {
                warn("entity &\(name); expands past \(EntityTable.expansionBudget) bytes or refers to itself; left out")
                return empty()
            }
            return nil
        }
        if inAttribute, text.utf8.count > 1 { return nil }
        expandedBytes += text.utf8.count
        if expandedBytes > EntityTable.expansionBudget {
            if !overBudget {
                overBudget = true
                warn("entity references add more than \(EntityTable.expansionBudget) bytes; the rest are left out")
            }
            return empty()
        }
        if let record = records[name] { return record }
        let record = EntityTable.makeRecord(name: name, text: text)
        records[name] = record
        return record
    }

    /// An entity's text with every reference in it resolved, and the depth its expansion
    /// reached (1: it refers to no declared entity; 0: an HTML entity).
    private struct Expansion {
        let text: String
        let depth: Int
    }

    /// A declared entity's text with its own references expanded, or an HTML entity's text.
    private func expansion(of name: String) -> String? {
        cachedExpansion(of: name)?.text
    }

    private func cachedExpansion(of name: String) -> Expansion? {
        if let known = expansions[name] { return known }
        let result: Expansion?
        if let raw = declared[name] {
            var output = ""
            var visiting: Set<String> = [name]
            var deepest = 1
            result = expand(raw, into: &output, depth: 1, deepest: &deepest, visiting: &visiting)
                ? Expansion(text: output, depth: deepest) : nil
        } else {
            result = HTMLEntities.named[name].map { Expansion(text: $0, depth: 0) }
        }
        expansions[name] = result
        return result
    }

    /// Appends `raw` with references resolved; false when the result would pass the budget,
    /// nest too deep or loop. `deepest` is raised to the deepest level reached.
    ///
    /// A declared entity already expanded on its own is copied rather than expanded again:
    /// without that, an entity bomb's every level re-expanded the ones below it up to the
    /// budget (the billion-laughs fixture took 4 s of CPU in the fuzzing build, found by
    /// Fuzz/run). The copy gives exactly what expanding it here would: one that failed on its
    /// own (past the budget, too deep, looping) fails inside any other entity too, and one
    /// that succeeded fits here when its depth still fits under the limit from this level.
    private func expand(
        _ raw: String, into output: inout String, depth: Int, deepest: inout Int, visiting: inout Set<String>
    ) -> Bool {
        guard depth <= EntityTable.maximumDepth else { return false }
        deepest = max(deepest, depth)
        var rest = Substring(raw)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(64).firstIndex(of: ";") else {
                output += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let reference = String(rest[afterAmpersand..<semicolon])
            rest = rest[rest.index(after: semicolon)...]
            if declared[reference] != nil, let known = expansions[reference] {
                guard let known, depth + known.depth <= EntityTable.maximumDepth else { return false }
                deepest = max(deepest, depth + known.depth)
                output += known.text
            } else if let inner = declared[reference] {
                guard visiting.insert(reference).inserted,
                      expand(inner, into: &output, depth: depth + 1, deepest: &deepest, visiting: &visiting)
                else { return false }
                visiting.remove(reference)
            } else if let decoded = HTMLEntities.decodeReference(Substring(reference)) {
                output += decoded
            } else {
                output += "&" + reference + ";"
            }
            if output.utf8.count > EntityTable.expansionBudget { return false }
        }
        output += rest
        return output.utf8.count <= EntityTable.expansionBudget
    }

    private func empty() -> UnsafeMutablePointer<xmlEntity> {
        if let emptyRecord { return emptyRecord }
        let record = EntityTable.makeRecord(name: "", text: "")
        emptyRecord = record
        return record
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    private static func makeRecord(name: String, text: String) -> UnsafeMutablePointer<xmlEntity> {
        let record = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        record.initialize(to: xmlEntity())
        record.pointee.type = XML_ENTITY_DECL
        record.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        record.pointee.name = UnsafePointer(strdup(name)).map { UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self) }
        let content = strdup(text).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlChar.self) }
        record.pointee.content = content
        record.pointee.length = Int32(clamping: text.utf8.count)
        return record
    }

    /// Frees a record and what libxml2 put in it: right after a declaration libxml2 asks for
    /// the entity by its name and, finding no `orig` in the record returned, hands over its
    /// copy of the raw declared value there for the record to own (LeakSanitizer found every
    /// declared value leaked). Allocated with libxml2's xmlMalloc, which is malloc: newsmenu
    /// never replaces libxml2's allocator.
    private static func release(_ record: UnsafeMutablePointer<xmlEntity>) {
        free(UnsafeMutableRawPointer(mutating: record.pointee.name))
        free(record.pointee.content)
        free(record.pointee.orig)
        record.deinitialize(count: 1)
        record.deallocate()
    }
}
