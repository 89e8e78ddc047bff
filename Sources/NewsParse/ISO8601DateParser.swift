// RFC 3339 / ISO 8601 extended form / W3C-DTF: `2006`, `2006-01`, `2006-01-02`,
// `2006-01-02T15:04:05.123+09:00`, `…Z`, and the space-separated and named-zone variants.
enum ISO8601DateParser {
    static func parse(_ scanner: inout DateScanner) -> CivilMoment? {
        guard let year = scanner.digits(minimum: 4, maximum: 4) else { return nil }
        var moment = CivilMoment(year: year.value, month: 1, day: 1)
        // W3C-DTF allows the year alone and the year and month.
        guard scanner.consume("-") else { return scanner.atEnd ? moment : nil }
        guard let month = scanner.digits(minimum: 2, maximum: 2) else { return nil }
        moment.month = month.value
        guard scanner.consume("-") else { return scanner.atEnd ? moment : nil }
        guard let day = scanner.digits(minimum: 2, maximum: 2) else { return nil }
        moment.day = day.value
        scanner.skipSpaces()
        if scanner.atEnd { return moment }
        // RFC 3339 allows a space or a lowercase t where ISO 8601 writes T.
        _ = scanner.consume(anyOf: "Tt")
        guard scanner.clockTime(into: &moment, minimumHourDigits: 2, fractionSeparators: ".,") else { return nil }
        return scanner.zoneThenEnd(moment)
    }
}
