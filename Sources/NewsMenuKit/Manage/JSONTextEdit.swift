// Edits of a JSON text's arrays and objects that touch only the bytes they must: an element
// or member added with the separators and indentation its neighbours use, one removed with
// its comma, a value replaced, an array's elements reordered between their original gaps.

struct JSONTextEdit {
    private(set) var bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Replaces the node's value with `text`.
    mutating func replace(_ node: JSONNode, with text: String) {
        let map = JSONTextMap(bytes)
        bytes.replaceSubrange(map.range(of: node), with: Array(text.utf8))
    }

    /// Adds `text` (a JSON value, possibly on several lines written from column 0) as the
    /// array's last element.
    mutating func append(_ text: String, toArray array: JSONNode, elements: [JSONNode]) {
        let map = JSONTextMap(bytes)
        let arrayRange = map.range(of: array)
        guard let last = elements.last else {
            insertIntoEmpty(text, range: arrayRange, map: map)
            return
        }
        let lastRange = map.range(of: last)
        let separator: String
        if elements.count >= 2 {
            separator = map.text(map.range(of: elements[elements.count - 2]).upperBound..<lastRange.lowerBound)
        } else {
            let gap = map.text((arrayRange.lowerBound + 1)..<lastRange.lowerBound)
            separator = "," + (gap.contains("\n") ? gap : " ")
        }
        let indentation = map.indentation(ofLineContaining: lastRange.lowerBound)
        let insertion = separator + Self.indented(text, by: indentation)
        bytes.insert(contentsOf: Array(insertion.utf8), at: lastRange.upperBound)
    }

    /// Adds `"key": text` as the object's last member.
    mutating func append(key: String, _ text: String, toObject object: JSONNode,
                         members: [(key: String, keyLocation: SourceLocation, value: JSONNode)]) {
        let map = JSONTextMap(bytes)
        let objectRange = map.range(of: object)
        let member = JSONText.string(key) + ": "
        guard let last = members.last else {
            insertIntoEmpty(member + text, range: objectRange, map: map)
            return
        }
        let lastKey = map.offset(of: last.keyLocation)
        let lastEnd = map.range(of: last.value).upperBound
        let separator: String
        if members.count >= 2 {
            separator = map.text(map.range(of: members[members.count - 2].value).upperBound..<lastKey)
        } else {
            let gap = map.text((objectRange.lowerBound + 1)..<lastKey)
            separator = "," + (gap.contains("\n") ? gap : " ")
        }
        let indentation = map.indentation(ofLineContaining: lastKey)
        bytes.insert(contentsOf: Array((separator + Self.indented(member + text, by: indentation)).utf8), at: lastEnd)
    }

    /// `[]` or `{}` (with any whitespace inside) becomes a block holding `text` one level
    /// deeper than the line the bracket is on.
    private mutating func insertIntoEmpty(_ text: String, range: Range<Int>, map: JSONTextMap) {
        let outer = map.indentation(ofLineContaining: range.lowerBound)
        let inner = outer + map.indentUnit
        let block = "\n" + inner + Self.indented(text, by: inner) + "\n" + outer
        bytes.replaceSubrange((range.lowerBound + 1)..<(range.upperBound - 1), with: Array(block.utf8))
    }

    /// Removes one element of an array, with the comma and whitespace that separated it.
    mutating func remove(at index: Int, fromArray array: JSONNode, elements: [JSONNode]) {
        let map = JSONTextMap(bytes)
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
        bytes.removeSubrange(removed)
    }

    /// Puts the array's elements in a new order: `order[k]` is the old index of the element
    /// now at position k. The gaps between elements stay where they were.
    mutating func reorder(_ elements: [JSONNode], order: [Int]) {
        let map = JSONTextMap(bytes)
        let ranges = elements.map(map.range(of:))
        guard let first = ranges.first, let last = ranges.last else { return }
        var text = ""
        for (position, oldIndex) in order.enumerated() {
            text += map.text(ranges[oldIndex])
            if position + 1 < ranges.count {
                text += map.text(ranges[position].upperBound..<ranges[position + 1].lowerBound)
            }
        }
        bytes.replaceSubrange(first.lowerBound..<last.upperBound, with: Array(text.utf8))
    }

    /// Moves every line after the first `indentation` to the right; an element's first line
    /// goes where the insertion point already is.
    private static func indented(_ text: String, by indentation: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : indentation + $0.element }
            .joined(separator: "\n")
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
