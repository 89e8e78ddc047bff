// The bracket around a full-screen session (after sfeed_curses's init/cleanup): saves the
// terminal's settings, enters raw mode, the alternate screen and mouse reporting, and puts
// everything back on every way out — leaving normally, an error (deinit), a signal the loop
// turns into leaving, suspending, and running a child such as a text-mode browser.
#if canImport(Glibc)
import Glibc
#endif

/// What the loop hears besides keys.
public enum TerminalSignal: Sendable, Equatable {
    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT: leave and exit.
    case quit(Int32)
    /// SIGTSTP: suspend (the session stops the process itself, see `suspend`).
    case suspend
    /// SIGCONT: the shell brought the process back; modes may have been reset.
    case resume
    /// SIGWINCH: the terminal has a new size.
    case resize
}

/// One wait's harvest: bytes typed and signals received, either possibly empty (timeout).
public struct TerminalInput: Sendable {
    public var bytes: [UInt8]
    public var signals: [TerminalSignal]
}

/// Owns the terminal for the session's lifetime. Not Sendable: the loop's thread owns it.
public final class TerminalSession {
    private let input: Int32
    private let output: Int32
    private let mouse: Bool
    private let saved: termios
    private let signals: SignalPipe
    /// Whether the terminal is in the session's modes now; `enter` and `leave` check it,
    /// so each may be called any number of times.
    public private(set) var isActive = false
    /// Signals that arrived while a child ran, handed out by the next `wait`.
    private var pending: [TerminalSignal] = []

    private static let watched = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]

    /// Saves the terminal's settings and starts listening for signals; the screen is left
    /// alone until `enter`. Both descriptors must be terminals.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, mouse: Bool = true) throws(TerminalError) {
        guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw .system("reading the terminal settings", errno) }
        self.input = input
        self.output = output
        self.mouse = mouse
        saved = settings
        signals = try SignalPipe(signals: Self.watched)
    }

    deinit {
        leave()
    }

    /// Raw mode, alternate screen, hidden cursor, mouse reporting. With `force`, applies
    /// them even when already active (after SIGCONT: the shell may have reset them).
    public func enter(force: Bool = false) throws(TerminalError) {
        guard !isActive || force else { return }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        // ISIG off: Ctrl-C and Ctrl-Z arrive as keys, and the loop leaves cleanly on them.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .system("entering raw mode", errno) }
        isActive = true
        _ = write(TerminalModes.enter(mouse: mouse))
    }

    /// Puts back the saved settings and the normal screen. Safe to call at any time and
    /// more than once.
    public func leave() {
        guard isActive else { return }
        isActive = false
        _ = write(TerminalModes.leave(mouse: mouse))
        var settings = saved
        tcsetattr(input, TCSADRAIN, &settings)
    }

    /// Writes `text` with as few write(2) calls as the kernel allows (one for a frame
    /// that fits the terminal's buffer). False when the terminal is gone.
    public func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(output, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Columns and rows now.
    public func size() -> (columns: Int, rows: Int)? {
        Terminal.size(of: output)
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key or a signal.
    public func wait(timeoutMilliseconds: Int32) -> TerminalInput {
        if !pending.isEmpty {
            defer { pending.removeAll() }
            return TerminalInput(bytes: [], signals: pending)
        }
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, timeoutMilliseconds)
        var harvest = TerminalInput(bytes: [], signals: [])
        guard ready > 0 else { return harvest }
        if descriptors[1].revents != 0 {
            harvest.signals = signals.take().map(Self.meaning)
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(input, &buffer, buffer.count)
            if count > 0 { harvest.bytes = Array(buffer[0..<count]) }
            // End of input: the terminal hung up.
            if count == 0 { harvest.signals.append(.quit(SIGHUP)) }
        } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            harvest.signals.append(.quit(SIGHUP))
        }
        return harvest
    }

    private static func meaning(_ signal: Int32) -> TerminalSignal {
        switch signal {
        case SIGTSTP: return .suspend
        case SIGCONT: return .resume
        case SIGWINCH: return .resize
        default: return .quit(signal)
        }
    }

    /// Ctrl-Z: restores the terminal, stops the process as SIGTSTP would, and when the
    /// shell continues it, enters the session's modes again.
    public func suspend() throws(TerminalError) {
        let wasActive = isActive
        leave()
        signals.withDefaultAction(for: SIGTSTP) { _ = raise(SIGTSTP) }
        if wasActive { try enter(force: true) }
    }

    /// Runs `body` (a child process) on the normal screen in the saved settings, then
    /// enters the session again. Ctrl-C, Ctrl-\ and Ctrl-Z typed meanwhile were meant for
    /// the child (the whole foreground group hears them) and are dropped; a SIGTERM,
    /// SIGHUP or resize is kept for the next `wait`.
    public func outside<Result>(_ body: () -> Result) throws(TerminalError) -> Result {
        let wasActive = isActive
        leave()
        let result = body()
        pending += signals.take().map(Self.meaning).filter { signal in
            switch signal {
            case .quit(let number): return number != SIGINT && number != SIGQUIT
            case .resize: return true
            case .suspend, .resume: return false
            }
        }
        if wasActive { try enter(force: true) }
        return result
    }
}
