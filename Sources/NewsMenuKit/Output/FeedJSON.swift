// `newsmenu parse --json`: the feed in the stable schema tooling depends on. Keys are
// written in the schema's order; every field is present, null when unknown.
import Foundation
import NewsModel

enum FeedJSON {
    static func encode(_ feed: Feed) -> String {
        let articles: [JSONOut] = feed.articles.map { article in
            .object([
                ("id", .string(article.id)),
                ("title", .optional(article.title)),
                ("link", .optional(article.link)),
                ("author", .optional(article.author)),
                ("published", .optional(article.published.map(Timestamp.rfc3339))),
                ("updated", .optional(article.updated.map(Timestamp.rfc3339))),
                ("summary", .optional(article.summary)),
                ("content", .optional(article.content)),
                ("categories", .array(article.categories.map(JSONOut.string))),
                ("enclosures", .array(article.enclosures.map { enclosure in
                    .object([
                        ("url", .string(enclosure.url)),
                        ("type", .optional(enclosure.type)),
                        ("length", enclosure.length.map { .integer($0) } ?? .null),
                    ])
                })),
            ])
        }
        let document = JSONOut.object([
            ("format", .string(feed.format.rawValue)),
            ("title", .optional(feed.title)),
            ("link", .optional(feed.link)),
            ("subtitle", .optional(feed.subtitle)),
            ("language", .optional(feed.language)),
            ("updated", .optional(feed.updated.map(Timestamp.rfc3339))),
            ("author", .optional(feed.author)),
            ("image", .optional(feed.image)),
            ("articles", .array(articles)),
            ("warnings", .array(feed.warnings.map(JSONOut.string))),
        ])
        var output = ""
        document.write(to: &output, indent: 0)
        return output
    }
}

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
