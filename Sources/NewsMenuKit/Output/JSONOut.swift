// JSON for the small outputs (fetch --json lines, status, show --json): a value tree
// written with its keys in a fixed order, pretty or on one line.
import Foundation

/// A JSON value to print, with object keys in a fixed order.
indirect enum JSONOut {
    case object([(String, JSONOut)])
    case array([JSONOut])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null

    static func optional(_ text: String?) -> JSONOut {
        text.map(JSONOut.string) ?? .null
    }

    /// Pretty-printed from `indent` levels in, or on one line when `indent` is nil.
    func write(to output: inout String, indent: Int?) {
        let inner = indent.map { "\n" + String(repeating: "  ", count: $0 + 1) } ?? ""
        let closing = indent.map { "\n" + String(repeating: "  ", count: $0) } ?? ""
        let separator = indent == nil ? ", " : ","
        let deeper = indent.map { $0 + 1 }
        switch self {
        case .object(let members) where members.isEmpty:
            output += "{}"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                output += index == 0 ? inner : separator + inner
                JSONOut.string(key).write(to: &output, indent: deeper)
                output += ": "
                value.write(to: &output, indent: deeper)
            }
            output += closing + "}"
        case .array(let elements) where elements.isEmpty:
            output += "[]"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                output += index == 0 ? inner : separator + inner
                element.write(to: &output, indent: deeper)
            }
            output += closing + "]"
        case .string(let text):
            output += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                // C1 controls and bidi overrides are escaped too: feed text in JSON printed to a
                // terminal must not drive it or reorder it, and the escape loses nothing.
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                    output += String(format: "\\u%04x", scalar.value)
                default: output.unicodeScalars.append(scalar)
                }
            }
            output += "\""
        case .integer(let value):
            output += String(value)
        case .number(let value):
            output += value.isFinite ? String(value) : "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }
}
