// Facts about the terminal the process writes to: whether it is one, and its size.
// The interactive view (its own issue) adds raw mode and key decoding beside this.
#if canImport(Glibc)
import Glibc
#endif

public enum Terminal {
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Columns and rows from TIOCGWINSZ, or nil when `descriptor` is not a sized terminal.
    public static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
