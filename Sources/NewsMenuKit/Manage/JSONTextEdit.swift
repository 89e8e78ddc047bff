// Edits of a JSON text's arrays and objects that touch only the bytes they must: elements
// or a member added with the separators and indentation their neighbours use, one removed
// with its comma, a value replaced, an array's elements reordered between their original gaps.
// Inserted lines end as the file's own lines do (CRLF or LF). One JSONTextEdit is a batch: every edit names nodes of the text it was made with, and the
// edits are applied together, so a thousand of them cost one pass over the text.

struct JSONTextEdit {
    private let map: JSONTextMap
    /// Ranges of the original text and what replaces them, in the order the edits were made;
    /// no two overlap, and insertions at one offset keep that order.
    private var replacements: [(range: Range<Int>, text: String)] = []

    init(_ bytes: [UInt8]) {
        map = JSONTextMap(bytes)
    }

    /// The text with every edit made.
    var bytes: [UInt8] {
        let ordered = replacements.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }
        var result: [UInt8] = []
        result.reserveCapacity(map.bytes.count + replacements.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for (_, replacement) in ordered {
            result.append(contentsOf: map.bytes[copied..<replacement.range.lowerBound])
            result.append(contentsOf: replacement.text.utf8)
            copied = replacement.range.upperBound
        }
        result.append(contentsOf: map.bytes[copied...])
        return result
    }

    /// Replaces the node's value with `text`.
    mutating func replace(_ node: JSONNode, with text: String) {
        replacements.append((map.range(of: node), text))
    }

    /// Adds `texts` (JSON values, each possibly on several lines written from column 0) as
    /// the array's last elements.
    mutating func append(_ texts: [String], toArray array: JSONNode, elements: [JSONNode]) {
        guard !texts.isEmpty else { return }
        let arrayRange = map.range(of: array)
        guard let last = elements.last else {
            insertIntoEmpty(texts, range: arrayRange)
            return
        }
        let lastRange = map.range(of: last)
        let separator: String
        if elements.count >= 2 {
            separator = map.text(map.range(of: elements[elements.count - 2]).upperBound..<lastRange.lowerBound)
        } else {
            let gap = map.text((arrayRange.lowerBound + 1)..<lastRange.lowerBound)
            separator = "," + (Self.spansLines(gap) ? gap : " ")
        }
        let indentation = map.indentation(ofLineContaining: lastRange.lowerBound)
        let insertion = texts.map { separator + indented($0, by: indentation) }.joined()
        replacements.append((lastRange.upperBound..<lastRange.upperBound, insertion))
    }

    /// Adds `"key": text` as the object's last member.
    mutating func append(key: String, _ text: String, toObject object: JSONNode,
                         members: [(key: String, keyLocation: SourceLocation, value: JSONNode)]) {
        let objectRange = map.range(of: object)
        let member = JSONText.string(key) + ": "
        guard let last = members.last else {
            insertIntoEmpty([member + text], range: objectRange)
            return
        }
        let lastKey = map.offset(of: last.keyLocation)
        let lastEnd = map.range(of: last.value).upperBound
        let separator: String
        if members.count >= 2 {
            separator = map.text(map.range(of: members[members.count - 2].value).upperBound..<lastKey)
        } else {
            let gap = map.text((objectRange.lowerBound + 1)..<lastKey)
            separator = "," + (Self.spansLines(gap) ? gap : " ")
        }
        let indentation = map.indentation(ofLineContaining: lastKey)
        replacements.append((lastEnd..<lastEnd, separator + indented(member + text, by: indentation)))
    }

    /// `[]` or `{}` (with any whitespace inside) becomes a block holding `texts`, one a line,
    /// one level deeper than the line the bracket is on.
    private mutating func insertIntoEmpty(_ texts: [String], range: Range<Int>) {
        let outer = map.indentation(ofLineContaining: range.lowerBound)
        let inner = outer + map.indentUnit
        let newline = map.lineEnding
        let block = newline + inner + texts.map { indented($0, by: inner) }.joined(separator: "," + newline + inner) + newline + outer
        replacements.append(((range.lowerBound + 1)..<(range.upperBound - 1), block))
    }

    /// Removes one element of an array, with the comma and whitespace that separated it.
    mutating func remove(at index: Int, fromArray array: JSONNode, elements: [JSONNode]) {
        let ranges = elements.map(map.range(of:))
        let removed: Range<Int>
        if ranges.count == 1 {
            let arrayRange = map.range(of: array)
            removed = (arrayRange.lowerBound + 1)..<(arrayRange.upperBound - 1)
        } else if index > 0 {
            removed = ranges[index - 1].upperBound..<ranges[index].upperBound
        } else {
            removed = ranges[0].lowerBound..<ranges[1].lowerBound
        }
        replacements.append((removed, ""))
    }

    /// Puts the array's elements in a new order: `order[k]` is the old index of the element
    /// now at position k. The gaps between elements stay where they were.
    mutating func reorder(_ elements: [JSONNode], order: [Int]) {
        let ranges = elements.map(map.range(of:))
        guard let first = ranges.first, let last = ranges.last else { return }
        var text = ""
        for (position, oldIndex) in order.enumerated() {
            text += map.text(ranges[oldIndex])
            if position + 1 < ranges.count {
                text += map.text(ranges[position].upperBound..<ranges[position + 1].lowerBound)
            }
        }
        replacements.append((first.lowerBound..<last.upperBound, text))
    }

    /// Moves every line after the first `indentation` to the right, ending lines as the file
    /// does; an element's first line goes where the insertion point already is.
    private func indented(_ text: String, by indentation: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : indentation + $0.element }
            .joined(separator: map.lineEnding)
    }

    /// True when `gap` holds a line break. By bytes: in a String, CRLF is one Character that
    /// is not "\n".
    private static func spansLines(_ gap: String) -> Bool {
        gap.utf8.contains(UInt8(ascii: "\n"))
    }
}

/// JSON literals as the editor writes them.
enum JSONText {
    /// A JSON string, escaped as newsmenu's JSON output escapes it; any script as itself.
    static func string(_ value: String) -> String {
        var out = ""
        JSONOut.string(value).write(to: &out, indent: nil)
        return out
    }
}
