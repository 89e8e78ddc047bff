// What the screen should show after a frame: every row's text, and the cell the cursor
// shows in, if it shows at all (the view hides it but where the reader types).

public struct ScreenFrame: Equatable, Sendable {
    /// A cell by row and column, from 1 as the terminal counts them.
    public struct Cell: Equatable, Sendable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// One string per row from the top.
    public var lines: [String]
    /// Where the cursor shows; nil: hidden.
    public var cursor: Cell?

    public init(lines: [String], cursor: Cell? = nil) {
        self.lines = lines
        self.cursor = cursor
    }
}
