// Signals as bytes on a pipe (the self-pipe trick): the handler only writes the signal's
// number, which is async-signal-safe; the event loop polls the pipe beside the terminal and
// acts on the signal in ordinary code, where restoring the terminal is safe.
#if canImport(Glibc)
import Glibc
#endif

/// The write end the handler uses. Set before any handler is installed, reset after the
/// last is removed; the handler reads it only.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private let forwardSignal: @convention(c) (Int32) -> Void = { signal in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// Owns the pipe and the installed handlers; removing them restores the previous actions.
/// One at a time per process. Not Sendable: the event loop's thread owns it.
final class SignalPipe {
    let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [Int32: sigaction] = [:]

    init(signals: [Int32]) throws(TerminalError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .system("creating the signal pipe", errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
        // Non-blocking: a full pipe drops a byte instead of hanging the handler; the loop
        // drains it without waiting. Close-on-exec: a browser must not inherit it.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd = writeEnd
        for signal in signals { install(signal) }
        // A parent may have started newsmenu with these blocked (the mask survives exec);
        // a blocked SIGTERM would never reach the handler, a blocked SIGTSTP never stop us.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    deinit {
        for (signal, var action) in previous { sigaction(signal, &action, nil) }
        signalPipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }

    private func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = forwardSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var old = sigaction()
        guard sigaction(signal, &action, &old) == 0 else { return }
        previous[signal] = old
    }

    /// Lets `signal` take its default action (to stop the process for real), then puts the
    /// handler back with `reinstall`.
    func withDefaultAction(for signal: Int32, _ body: () -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        var ours = sigaction()
        sigaction(signal, &action, &ours)
        body()
        sigaction(signal, &ours, nil)
    }

    /// The signals that arrived since the last call, oldest first.
    func take() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[0..<count].map(Int32.init)
        }
        return received
    }
}
