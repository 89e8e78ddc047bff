// The escape sequences that switch the screen's modes on and off, in the order that undoes
// them cleanly.

enum TerminalModes {
    private static let escape = "\u{1B}["
    /// Button presses, motion while pressed (1000, 1002) in SGR encoding (1006), which
    /// has no 223-column limit and tells releases apart.
    private static let mouseOn = escape + "?1000h" + escape + "?1002h" + escape + "?1006h"
    private static let mouseOff = escape + "?1006l" + escape + "?1002l" + escape + "?1000l"

    /// Alternate screen, hidden cursor, no autowrap (writing the last cell must not
    /// scroll), cleared.
    static func enter(mouse: Bool) -> String {
        escape + "?1049h" + escape + "?25l" + escape + "?7l" + escape + "m" + escape + "2J"
            + (mouse ? mouseOn : "")
    }

    /// Mouse off, attributes reset, autowrap and cursor back, normal screen.
    static func leave(mouse: Bool) -> String {
        (mouse ? mouseOff : "") + escape + "m" + escape + "?7h" + escape + "?25h" + escape + "?1049l"
    }
}
