// The escape sequences that switch the screen's modes on and off, in the order that undoes
// them cleanly.

enum TerminalModes {
    private static let escape = "\u{1B}["
    /// Button presses, motion while pressed (1000, 1002) in SGR encoding (1006), which
    /// has no 223-column limit and tells releases apart.
    private static let mouseOn = escape + "?1000h" + escape + "?1002h" + escape + "?1006h"
    private static let mouseOff = escape + "?1006l" + escape + "?1002l" + escape + "?1000l"

    /// Alternate screen, hidden cursor, no autowrap (writing the last cell must not
    /// scroll), cleared, pastes bracketed (2004: a paste arrives marked as text, so its line
    /// breaks and letters are not taken for keys).
    static func enter(mouse: Bool) -> String {
        escape + "?1049h" + escape + "?25l" + escape + "?7l" + escape + "m" + escape + "2J" + escape + "?2004h"
            + (mouse ? mouseOn : "")
    }

    /// Mouse off, pastes plain, attributes reset, the screen cleared with the cursor at its
    /// top (a terminal without an alternate screen, like the Linux console, would otherwise
    /// leave the shell's prompt in the middle of the last frame), autowrap and cursor back,
    /// normal screen.
    static func leave(mouse: Bool) -> String {
        (mouse ? mouseOff : "") + escape + "?2004l" + escape + "m" + escape + "2J" + escape + "H"
            + escape + "?7h" + escape + "?25h" + escape + "?1049l"
    }
}
