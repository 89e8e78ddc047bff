// The values found so far for one channel or one item, each field keeping its best candidate.
import Foundation
import NewsModel

struct FieldCollector {
    private var texts: [Field: (value: String, priority: Int)] = [:]
    private var dates: [Field: (value: Date, priority: Int)] = [:]
    /// The first date text as written, parseable or not: part of the fallback id.
    private(set) var firstDateText: String?
    private(set) var categories: [String] = []
    private(set) var enclosures: [Enclosure] = []

    /// Keeps `value` if it beats what the field holds: a lower priority number, or the first
    /// at equal priority. Empty values never count.
    mutating func offer(_ value: String?, for field: Field, priority: Int) {
        guard let value, !value.isEmpty else { return }
        if let current = texts[field], current.priority <= priority { return }
        texts[field] = (value, priority)
    }

    mutating func offer(date: Date, for field: Field, priority: Int) {
        if let current = dates[field], current.priority <= priority { return }
        dates[field] = (date, priority)
    }

    mutating func noteDateText(_ text: String) {
        if firstDateText == nil { firstDateText = text }
    }

    mutating func addCategory(_ category: String) {
        guard !category.isEmpty, !categories.contains(category) else { return }
        categories.append(category)
    }

    mutating func addEnclosure(_ enclosure: Enclosure) {
        guard !enclosures.contains(where: { $0.url == enclosure.url }) else { return }
        enclosures.append(enclosure)
    }

    func text(_ field: Field) -> String? { texts[field]?.value }
    func date(_ field: Field) -> Date? { dates[field]?.value }
}
