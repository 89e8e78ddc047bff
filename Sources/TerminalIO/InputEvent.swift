// What a reader does at the terminal, decoded: a key (with Alt when it came after Esc), a
// mouse action at a cell, or pasted text. Positions are 0-based columns and rows.

public enum Key: Sendable, Equatable {
    /// A printable character, in any script.
    case character(Character)
    /// Ctrl with a letter: `.control("d")` is Ctrl-D (byte 0x04).
    case control(Character)
    /// Alt (or Esc typed quickly) followed by a character.
    case alt(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end, insert, delete
    case tab, backTab, enter, escape, backspace
}

public enum MouseButton: Sendable, Equatable {
    case left, middle, right
}

public enum WheelDirection: Sendable, Equatable {
    case up, down, left, right
}

public struct MouseEvent: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case press(MouseButton)
        case release(MouseButton)
        /// Motion with a button held (mode 1002).
        case drag(MouseButton)
        case wheel(WheelDirection)
    }

    public var action: Action
    public var column: Int
    public var row: Int
    public var shift: Bool
    public var alt: Bool
    public var control: Bool

    public init(action: Action, column: Int, row: Int, shift: Bool = false, alt: Bool = false, control: Bool = false) {
        self.action = action
        self.column = column
        self.row = row
        self.shift = shift
        self.alt = alt
        self.control = control
    }
}

public enum InputEvent: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text the terminal marked as pasted (bracketed paste): what it holds is text, never
    /// keys, so a pasted line break or letter commands nothing.
    case paste(String)
}
