// A real pseudo-terminal for the interactive view: a private tmux server (its own socket in
// the test's directory) running a plain bash at a fixed size, driven by send-keys and read
// by capture-pane and tmux's own view of the terminal's modes.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct TmuxError: Error, CustomStringConvertible {
    var description: String
}

final class TmuxPane {
    private let socket: String
    private let outputDirectory: String
    private var serverPID: pid_t?
    private static let target = "menu"

    /// Starts bash in `directory`, in a detached session `columns` × `rows`, with
    /// `environment` (and a sanitized run's SanitizerEnvironment) exported and a `$ ` prompt. No history file: bash writes one as the
    /// server ends, which raced the directory's removal and left it behind.
    init(directory: String, columns: Int = 80, rows: Int = 24, environment: [String: String]) throws {
        socket = directory + "/tmux.sock"
        outputDirectory = directory
        let exports = environment.merging(SanitizerEnvironment.variables) { own, _ in own }
            .sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", Self.target, "-c", directory, "-x", "\(columns)", "-y", "\(rows)",
                  "env -i PATH=/usr/bin:/bin HOME='\(directory)' HISTFILE=/dev/null LANG=C.UTF-8 TERM=screen PS1='$ ' \(exports) "
                  + "bash --norc --noprofile"])
        serverPID = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        try waitFor("the shell's prompt") { try self.screen().contains("$") }
    }

    deinit {
        // Should the socket be gone already (the directory removed first), end the
        // server by its pid instead, so no test leaves one running.
        guard (try? tmux(["kill-server"])) == nil, let serverPID else { return }
        kill(serverPID, SIGKILL)
    }

    /// Runs tmux with `arguments` and returns what it printed. Spawned and reaped here,
    /// not with Foundation's Process: the server `new-session` forks keeps the client's
    /// descriptors, and Process would wait for them to close.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let outputPath = outputDirectory + "/tmux-output-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let command = ["/usr/bin/tmux", "-S", socket] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The test runner's blocked and ignored signals would otherwise reach the shell
        // and newsmenu through tmux.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, command[0], &actions, &attributes, argv, environ) == 0 else {
            throw TmuxError(description: "cannot start tmux")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw TmuxError(description: "tmux \(arguments.joined(separator: " ")) failed with wait status \(status)")
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Keys by tmux's names (`Enter`, `C-c`, `Left`, `BTab`, `PageDown`).
    func keys(_ names: String...) throws {
        try tmux(["send-keys", "-t", Self.target] + names)
    }

    /// Bytes typed as they are, escape sequences included (an SGR mouse report).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", Self.target, "-l", text])
    }

    /// A command line typed into the shell and entered.
    func run(_ commandLine: String) throws {
        try type(commandLine)
        try keys("Enter")
    }

    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", Self.target])
    }

    /// tmux's value for a format variable of the pane (`alternate_on`, `cursor_flag`).
    func flag(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", Self.target, "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Appends every byte the pane's program writes from now on to `path`, escapes and all.
    func recordOutput(to path: String) throws {
        try tmux(["pipe-pane", "-t", Self.target, "cat >> '\(path)'"])
    }

    /// Waits until the output recorded at `path` satisfies `condition`, and returns it.
    @discardableResult
    func waitForOutput(at path: String, _ what: String, _ condition: (String) throws -> Bool) throws -> String {
        var output = ""
        try waitFor(what) {
            output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return try condition(output)
        }
        return output
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", Self.target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process the pane's shell is running in the foreground (newsmenu), by the kernel's
    /// list of the shell's children.
    func childProcess() throws -> pid_t? {
        let shell = try flag("pane_pid")
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Polls until `condition` holds; throws after `seconds` naming what was awaited,
    /// with the screen as it was.
    func waitFor(_ what: String, seconds: Double = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            usleep(30_000)
        }
        throw TmuxError(description: "timed out waiting for \(what); the screen:\n" + ((try? screen()) ?? ""))
    }

    /// Whether `text` is drawn in reverse video somewhere on the screen (reverse video switched
    /// on right before it).
    func showsReversed(_ text: String) throws -> Bool {
        let screen = try tmux(["capture-pane", "-p", "-e", "-t", Self.target])
        let reversed = try NSRegularExpression(
            pattern: "\u{1B}\\[([0-9]*;)*7(;[0-9]*)*m" + NSRegularExpression.escapedPattern(for: text))
        return reversed.firstMatch(in: screen, range: NSRange(screen.startIndex..., in: screen)) != nil
    }

    /// The text of the row drawn in reverse video: the selected article.
    func selectedRow() throws -> String? {
        let screen = try tmux(["capture-pane", "-p", "-e", "-t", Self.target])
        let reverse = try NSRegularExpression(pattern: "\u{1B}\\[([0-9]*;)*7(;[0-9]*)*m")
        return screen.split(separator: "\n").first { line in
            let text = String(line)
            return reverse.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }.map { line in
            line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
    }

    func waitForSelection(containing text: String) throws {
        try waitFor("the selection on '\(text)'") { try self.selectedRow()?.contains(text) == true }
    }

    func waitForText(_ text: String, seconds: Double = 15) throws {
        try waitFor("'\(text)' on screen", seconds: seconds) { try self.screen().contains(text) }
    }
}
