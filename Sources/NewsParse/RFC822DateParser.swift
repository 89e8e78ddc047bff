// RFC 822 / 1123 / 2822 dates as RSS writes them: `Mon, 02 Jan 2006 15:04:05 +0900`,
// with or without the weekday and the seconds, 2- or 4-digit years, named or numeric zones.
enum RFC822DateParser {
    static func parse(_ scanner: inout DateScanner) -> CivilMoment? {
        if scanner.peek.map(DateScanner.isLetter) == true {
            guard isWeekday(scanner.word()) else { return nil }
            _ = scanner.consume(",")
            scanner.skipSpaces()
        }
        guard let day = scanner.digits(minimum: 1, maximum: 2) else { return nil }
        skipSeparators(&scanner)
        guard let month = monthNumber(scanner.word()) else { return nil }
        skipSeparators(&scanner)
        guard let year = scanner.digits(minimum: 2, maximum: 4) else { return nil }
        var moment = CivilMoment(year: fullYear(year.value, digits: year.count), month: month, day: day.value)
        scanner.skipSpaces()
        if scanner.peek.map(DateScanner.isDigit) == true {
            guard let hour = scanner.digits(minimum: 1, maximum: 2), scanner.consume(":"),
                  let minute = scanner.digits(minimum: 2, maximum: 2)
            else { return nil }
            moment.hour = hour.value
            moment.minute = minute.value
            if scanner.consume(":") {
                guard let second = scanner.digits(minimum: 2, maximum: 2) else { return nil }
                moment.second = second.value
                if scanner.consume(".") { moment.fraction = scanner.fraction() ?? 0 }
            }
        }
        scanner.skipSpaces()
        if !scanner.atEnd, scanner.peek != UInt8(ascii: "(") {
            guard let offset = parseZone(&scanner) else { return nil }
            moment.offsetSeconds = offset
        }
        scanner.skipSpaces()
        scanner.skipComment()
        scanner.skipSpaces()
        return scanner.atEnd ? moment : nil
    }

    private static func skipSeparators(_ scanner: inout DateScanner) {
        while scanner.consume(anyOf: " -\t") != nil {}
    }

    /// RFC 2822 §4.3: 00–49 are 2000–2049, 50–99 are 1950–1999; 3 digits add 1900.
    private static func fullYear(_ year: Int, digits: Int) -> Int {
        switch digits {
        case 2: return year < 50 ? 2000 + year : 1900 + year
        case 3: return 1900 + year
        default: return year
        }
    }

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let months = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// Accepts `mon`, `monday` and other prefixes of at least three letters.
    private static func isWeekday(_ word: String) -> Bool {
        word.count >= 3 && weekdays.contains { $0.hasPrefix(word) }
    }

    private static func monthNumber(_ word: String) -> Int? {
        guard word.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        return index + 1
    }

    private static let zoneOffsetHours: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
        "jst": 9, "kst": 9,
    ]

    /// `+0900`, `+09:00`, a name from the table, `GMT+0900`, or a military letter.
    private static func parseZone(_ scanner: inout DateScanner) -> Int? {
        if scanner.peek == UInt8(ascii: "+") || scanner.peek == UInt8(ascii: "-") {
            return numericOffset(&scanner)
        }
        let name = scanner.word()
        let base: Int
        if let hours = zoneOffsetHours[name] {
            base = hours * 3_600
        } else if name.count == 1, name != "j" {
            // RFC 2822 §4.3: military zones were defined with the wrong sign and must be read as -0000.
            base = 0
        } else {
            return nil
        }
        if scanner.peek == UInt8(ascii: "+") || scanner.peek == UInt8(ascii: "-") {
            guard let offset = numericOffset(&scanner) else { return nil }
            return base + offset
        }
        return base
    }

    private static func numericOffset(_ scanner: inout DateScanner) -> Int? {
        guard let sign = scanner.consume(anyOf: "+-"),
              let hours = scanner.digits(minimum: 2, maximum: 2)
        else { return nil }
        _ = scanner.consume(":")
        let minutes = scanner.digits(minimum: 2, maximum: 2)?.value ?? 0
        guard hours.value <= 23, minutes <= 59 else { return nil }
        let magnitude = hours.value * 3_600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -magnitude : magnitude
    }
}
