// The date forms Japanese sites put in feeds: `2026年11月30日 10:00`, `2026年11月30日(月) 10時05分`,
// `2026/11/30 10:00:00`, `2026/1/5`. They rarely carry a zone; FeedDate then reads them as
// Japan time, the only sensible reading for a date written for Japanese readers.
enum JapaneseDateParser {
    static let year: [UInt8] = Array("年".utf8)
    private static let month: [UInt8] = Array("月".utf8)
    private static let day: [UInt8] = Array("日".utf8)
    private static let hour: [UInt8] = Array("時".utf8)
    private static let minute: [UInt8] = Array("分".utf8)
    private static let second: [UInt8] = Array("秒".utf8)

    static func parse(_ scanner: inout DateScanner) -> CivilMoment? {
        guard let yearValue = scanner.digits(minimum: 4, maximum: 4) else { return nil }
        let kanji = scanner.consume(bytes: year)
        guard kanji || scanner.consume("/"),
              let monthValue = scanner.digits(minimum: 1, maximum: 2),
              kanji ? scanner.consume(bytes: month) : scanner.consume("/"),
              let dayValue = scanner.digits(minimum: 1, maximum: 2)
        else { return nil }
        if kanji { _ = scanner.consume(bytes: day) }
        var moment = CivilMoment(year: yearValue.value, month: monthValue.value, day: dayValue.value)
        scanner.skipSpaces()
        scanner.skipComment()
        scanner.skipSpaces()
        if let hourValue = scanner.digits(minimum: 1, maximum: 2) {
            let kanjiTime = scanner.consume(bytes: hour)
            moment.hour = hourValue.value
            moment.hasTime = true
            if kanjiTime {
                if let minuteValue = scanner.digits(minimum: 1, maximum: 2) {
                    moment.minute = minuteValue.value
                    _ = scanner.consume(bytes: minute)
                    if let secondValue = scanner.digits(minimum: 1, maximum: 2) {
                        moment.second = secondValue.value
                        _ = scanner.consume(bytes: second)
                    }
                }
            } else {
                guard scanner.consume(":"), let minuteValue = scanner.digits(minimum: 2, maximum: 2) else { return nil }
                moment.minute = minuteValue.value
                if scanner.consume(":") {
                    guard let secondValue = scanner.digits(minimum: 2, maximum: 2) else { return nil }
                    moment.second = secondValue.value
                }
            }
        }
        return scanner.zoneThenEnd(moment)
    }
}
