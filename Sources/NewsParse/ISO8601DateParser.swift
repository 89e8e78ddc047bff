// RFC 3339 / ISO 8601 extended form: `2006-01-02`, `2006-01-02T15:04:05.123+09:00`, `…Z`.
enum ISO8601DateParser {
    static func parse(_ scanner: inout DateScanner) -> CivilMoment? {
        guard let year = scanner.digits(minimum: 4, maximum: 4), scanner.consume("-"),
              let month = scanner.digits(minimum: 2, maximum: 2), scanner.consume("-"),
              let day = scanner.digits(minimum: 2, maximum: 2)
        else { return nil }
        var moment = CivilMoment(year: year.value, month: month.value, day: day.value)
        scanner.skipSpaces()
        if scanner.atEnd { return moment }
        // RFC 3339 allows a space or a lowercase t where ISO 8601 writes T.
        _ = scanner.consume(anyOf: "Tt")
        guard let hour = scanner.digits(minimum: 2, maximum: 2), scanner.consume(":"),
              let minute = scanner.digits(minimum: 2, maximum: 2)
        else { return nil }
        moment.hour = hour.value
        moment.minute = minute.value
        if scanner.consume(":") {
            guard let second = scanner.digits(minimum: 2, maximum: 2) else { return nil }
            moment.second = second.value
            if scanner.consume(anyOf: ".,") != nil {
                guard let fraction = scanner.fraction() else { return nil }
                moment.fraction = fraction
            }
        }
        scanner.skipSpaces()
        if !scanner.atEnd {
            guard let offset = parseOffset(&scanner) else { return nil }
            moment.offsetSeconds = offset
        }
        scanner.skipSpaces()
        return scanner.atEnd ? moment : nil
    }

    /// `Z`, `+09:00`, `+0900` or `+09`.
    private static func parseOffset(_ scanner: inout DateScanner) -> Int? {
        if scanner.consume(anyOf: "Zz") != nil { return 0 }
        guard let sign = scanner.consume(anyOf: "+-"),
              let hours = scanner.digits(minimum: 2, maximum: 2)
        else { return nil }
        var minutes = 0
        let hasColon = scanner.consume(":")
        if hasColon || scanner.peek.map(DateScanner.isDigit) == true {
            guard let parsed = scanner.digits(minimum: 2, maximum: 2) else { return nil }
            minutes = parsed.value
        }
        guard hours.value <= 23, minutes <= 59 else { return nil }
        let magnitude = hours.value * 3_600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -magnitude : magnitude
    }
}
