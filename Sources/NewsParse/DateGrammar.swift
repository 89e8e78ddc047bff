// The pieces the three date grammars share: a clock time and the optional zone at the end.
extension DateScanner {
    /// `H:MM[:SS[.fraction]]` into `moment`; false when the text is no clock time.
    mutating func clockTime(into moment: inout CivilMoment, minimumHourDigits: Int, fractionSeparators: String) -> Bool {
        guard let hour = digits(minimum: minimumHourDigits, maximum: 2), consume(":"),
              let minute = digits(minimum: 2, maximum: 2)
        else { return false }
        moment.hour = hour.value
        moment.minute = minute.value
        moment.hasTime = true
        if consume(":") {
            guard let second = digits(minimum: 2, maximum: 2) else { return false }
            moment.second = second.value
            if consume(anyOf: fractionSeparators) != nil {
                guard let fraction = fraction() else { return false }
                moment.fraction = fraction
            }
        }
        return true
    }

    /// An optional zone and then nothing: the moment, or nil when anything else follows.
    mutating func zoneThenEnd(_ moment: CivilMoment) -> CivilMoment? {
        var moment = moment
        skipSpaces()
        if !atEnd {
            guard let offset = RFC822DateParser.zone(&self) else { return nil }
            moment.offsetSeconds = offset
        }
        skipSpaces()
        return atEnd ? moment : nil
    }
}
