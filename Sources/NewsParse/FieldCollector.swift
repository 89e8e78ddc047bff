// The values found so far for one channel or one item, each field keeping its best candidate.
import Foundation
import NewsModel

struct FieldCollector {
    /// Indexed by Field's raw value: one small array instead of a hashed look-up per offer.
    /// `isClean`: the value holds nothing TextCleaner removes (checked as it was read).
    private var texts = [(value: String, priority: Int, isClean: Bool)?](repeating: nil, count: Field.allCases.count)
    private var dates = [(value: Date, priority: Int)?](repeating: nil, count: Field.allCases.count)
    /// Bit n set: texts[n] or dates[n] may hold a value. reset empties only those, where
    /// emptying all thirty slots for every item cost some 800 instructions.
    private var filled: UInt32 = 0
    /// The first date text as written, parseable or not: part of the fallback id.
    private(set) var firstDateText: String?
    private(set) var categories: [String] = []
    /// Whether every category offered was known clean.
    private(set) var categoriesAreClean = true
    private(set) var enclosures: [Enclosure] = []

    /// Keeps `value` if it beats what the field holds: a lower priority number, or the first
    /// at equal priority. Empty values never count.
    mutating func offer(_ value: String?, for field: Field, priority: Int, isClean: Bool = false) {
        guard let value, !value.isEmpty else { return }
        if let current = texts[field.rawValue], current.priority <= priority { return }
        texts[field.rawValue] = (value, priority, isClean)
        filled |= 1 << field.rawValue
    }

    mutating func offer(date: Date, for field: Field, priority: Int) {
        if let current = dates[field.rawValue], current.priority <= priority { return }
        dates[field.rawValue] = (date, priority)
        filled |= 1 << field.rawValue
    }

    mutating func noteDateText(_ text: String) {
        if firstDateText == nil { firstDateText = text }
    }

    mutating func addCategory(_ category: String, isClean: Bool = false) {
        if !isClean { categoriesAreClean = false }
        guard !category.isEmpty, !categories.contains(category) else { return }
        categories.append(category)
    }

    mutating func addEnclosure(_ enclosure: Enclosure) {
        guard !enclosures.contains(where: { $0.url == enclosure.url }) else { return }
        enclosures.append(enclosure)
    }

    /// Adds what a collector fed after this one found, as if its offers had come here: a
    /// later value replaces a field's only with a lower priority number.
    mutating func join(_ later: FieldCollector) {
        for (index, candidate) in later.texts.enumerated() {
            guard let candidate else { continue }
            if let current = texts[index], current.priority <= candidate.priority { continue }
            texts[index] = candidate
            filled |= 1 << index
        }
        for (index, candidate) in later.dates.enumerated() {
            guard let candidate else { continue }
            if let current = dates[index], current.priority <= candidate.priority { continue }
            dates[index] = candidate
            filled |= 1 << index
        }
        if firstDateText == nil { firstDateText = later.firstDateText }
        for category in later.categories { addCategory(category, isClean: later.categoriesAreClean) }
        for enclosure in later.enclosures { addEnclosure(enclosure) }
    }

    /// Empties the collector for the next item, keeping its two tables' storage (a fresh
    /// collector per item cost two allocations and two frees).
    mutating func reset() {
        var remaining = filled
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            texts[index] = nil
            dates[index] = nil
            remaining &= remaining - 1
        }
        filled = 0
        firstDateText = nil
        categories = []
        categoriesAreClean = true
        enclosures = []
    }

    func text(_ field: Field) -> String? { texts[field.rawValue]?.value }

    /// The field's value, moved out and the field left empty: a finished item's values go
    /// to its Article without a retain here and a release at the next reset.
    mutating func takeText(_ field: Field) -> String? { texts[field.rawValue].take()?.value }

    mutating func takeCategories() -> [String] {
        var taken: [String] = []
        swap(&taken, &categories)
        return taken
    }

    mutating func takeEnclosures() -> [Enclosure] {
        var taken: [Enclosure] = []
        swap(&taken, &enclosures)
        return taken
    }
    func isClean(_ field: Field) -> Bool { texts[field.rawValue]?.isClean ?? false }
    func date(_ field: Field) -> Date? { dates[field.rawValue]?.value }
}
