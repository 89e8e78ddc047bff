// Runs the config's on_new command after a fetch that stored new articles: an argument
// vector run directly (no shell), the new articles as a JSON array on its stdin. A hook
// that cannot start, fails or hangs is reported on stderr and never fails the fetch.
import Foundation
import NewsModel

enum OnNewHook {
    /// A hook still running after this long is stopped.
    static let timeLimit: TimeInterval = 60

    /// Runs the hook when there is one and something new; a message for stderr when it failed.
    /// `quiet`: the hook's own output and errors are discarded (the interactive view's screen).
    static func run(
        _ command: [String]?, articles: [ArticleRow], environment: [String: String], quiet: Bool = false
    ) -> String? {
        guard let command, let program = command.first, !articles.isEmpty else { return nil }
        guard let path = resolve(program, path: environment["PATH"] ?? "/usr/bin:/bin") else {
            return "on_new hook: \(program): not found"
        }
        let input = MenuJSON.text(.array(articles.map { MenuJSON.article($0, lastViewed: nil) })) + "\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = Array(command.dropFirst())
        let stdin = Pipe()
        process.standardInput = stdin
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return "on_new hook: cannot run \(path): \(error.localizedDescription)"
        }
        // Every way out below has seen the hook end, so this returns at once; it is what lets
        // Foundation free the Process, which its run loop source otherwise keeps (1.8 KB a
        // hook run, found by LeakSanitizer).
        defer { process.waitUntilExit() }
        // A hook may not read its input: the write happens on its own thread so it cannot
        // block the wait below, and a pipe the hook closed is an error (EPIPE) to ignore,
        // not a signal that kills the fetch.
        signal(SIGPIPE, SIG_IGN)
        let writer = stdin.fileHandleForWriting
        let bytes = Data(input.utf8)
        // Waited for before returning (a process exiting while the writer still held the
        // input, from a hook that exits without reading it, left it to die with the
        // process), but not forever: a hook's background child may keep the pipe open.
        let written = DispatchSemaphore(value: 0)
        Thread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
            written.signal()
        }.start()
        defer { _ = written.wait(timeout: .now() + 5) }
        if finished.wait(timeout: .now() + timeLimit) == .timedOut {
            process.terminate()
            finished.wait()
            return "on_new hook: \(program) still running after \(Int(timeLimit)) s; stopped"
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            return "on_new hook: \(program) failed (\(how))"
        }
        return nil
    }

    /// A name with a slash is a path; otherwise it is looked up on PATH, as execvp would.
    private static func resolve(_ program: String, path: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        return path.split(separator: ":").map { "\($0)/\(program)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }
}
