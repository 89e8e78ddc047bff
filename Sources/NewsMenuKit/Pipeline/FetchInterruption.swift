// Ctrl-C, and the SIGTERM or SIGHUP a service manager, `timeout` or a closed terminal sends,
// stop a fetch the way the interactive view's quit does: the downloads end, what arrived is
// stored and committed, and the run says it was interrupted (on the terminal and in the
// fetch log) before it exits 128 + the signal. Killed outright, a cron run left no trace
// and a Ctrl-C no summary. A second signal acts as it would have without newsmenu.
import Foundation
import Glibc
import NewsFetch

/// The write end of the pipe the signal handler writes to. Set before the handlers are
/// installed and not changed while they are; a signal handler may only write to a
/// descriptor, so the watcher thread does the rest.
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

private let noteSignal: @convention(c) (Int32) -> Void = { signal in
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(interruptionPipe, &byte, 1)
}

final class FetchInterruption: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var caught: Int32?
    /// Each handled signal with the action it had before.
    private var replaced: [(Int32, sigaction)] = []
    private var pipeEnds: [Int32] = [-1, -1]
    private var watcher: pthread_t?

    /// Handles the signals until `end`, cancelling `cancellation` at the first. A signal the
    /// process was started ignoring (as a shell starts background jobs) stays ignored; one
    /// the starting process left blocked is unblocked here, so that it can stop the fetch.
    init(cancelling cancellation: FetchCancellation) {
        guard pipe(&pipeEnds) == 0 else { return }
        interruptionPipe = pipeEnds[1]
        let context = Unmanaged.passRetained(Watch(interruption: self, cancellation: cancellation, readEnd: pipeEnds[0]))
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<Watch>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context.toOpaque()) == 0 else {
            context.release()
            closePipe()
            return
        }
        watcher = thread
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in Self.signals {
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            if Self.isIgnore(previous) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = noteSignal
            sigemptyset(&action.sa_mask)
            // SA_RESETHAND: a second signal finds the default action again, so that a stop
            // that hangs can still be forced.
            action.sa_flags = SA_RESTART | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signal, &action, nil)
            replaced.append((signal, previous))
            sigaddset(&unblocked, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    private static func isIgnore(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: UInt.self) == unsafeBitCast(SIG_IGN, to: UInt.self)
    }

    /// The first signal that arrived, nil while none has.
    var signal: Int32? { lock.withLock { caught } }

    /// Gives the signals back their previous actions and ends the watcher thread. Call once,
    /// when the run has ended.
    func end() {
        for (signal, previous) in replaced {
            var action = previous
            sigaction(signal, &action, nil)
        }
        replaced = []
        guard let watcher else { return }
        var stop: UInt8 = 0
        _ = write(pipeEnds[1], &stop, 1)
        pthread_join(watcher, nil)
        self.watcher = nil
        closePipe()
    }

    private func closePipe() {
        interruptionPipe = -1
        for end in pipeEnds where end >= 0 { close(end) }
        pipeEnds = [-1, -1]
    }

    fileprivate func record(_ signal: Int32) {
        lock.withLock { if caught == nil { caught = signal } }
    }

    /// What the watcher thread needs: it reads signal numbers until `end` writes a 0.
    private final class Watch {
        weak var interruption: FetchInterruption?
        let cancellation: FetchCancellation
        let readEnd: Int32

        init(interruption: FetchInterruption, cancellation: FetchCancellation, readEnd: Int32) {
            self.interruption = interruption
            self.cancellation = cancellation
            self.readEnd = readEnd
        }

        func run() {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1, byte != 0 else { return }
                interruption?.record(Int32(byte))
                cancellation.cancel()
            }
        }
    }

    /// "SIGTERM" for SIGTERM: how the report names the signal.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }
}
