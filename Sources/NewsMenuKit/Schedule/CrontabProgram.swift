// Talks to crontab(1): `crontab -l` to read the user's table, `crontab -` to replace it.
// The program is looked up on the caller's PATH like a shell would.
import Foundation

struct CrontabProgram {
    let path: String

    init(environment: [String: String]) throws(CommandFailure) {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = directories.map({ "\($0)/crontab" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw CommandFailure(message: "no crontab program on PATH (Debian: apt-get install cron), or use 'newsmenu systemd install'",
                                 status: ExitStatus.failure)
        }
        path = found
    }

    /// The current table; empty when the user has none yet.
    func read() throws(CommandFailure) -> String {
        let result = try run(["-l"], input: nil)
        if result.status == 0 { return result.output }
        // crontab says "no crontab for USER" and exits 1 when there is none.
        if result.errors.contains("no crontab for") { return "" }
        throw CommandFailure(message: "crontab -l failed: \(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))",
                             status: ExitStatus.failure)
    }

    func write(_ table: String) throws(CommandFailure) {
        let result = try run(["-"], input: table)
        guard result.status == 0 else {
            throw CommandFailure(message: "crontab - failed: \(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))",
                                 status: ExitStatus.failure)
        }
    }

    private func run(_ arguments: [String], input: String?) throws(CommandFailure) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            throw CommandFailure(message: "cannot run \(path): \(error.localizedDescription)", status: ExitStatus.failure)
        }
        // A crontab that exits before reading its input (it refused the command line) closes
        // the pipe: the write fails with EPIPE instead of the signal killing newsmenu, and
        // crontab's own words say why below. Waited for on every way out, which is also what
        // lets Foundation free the Process.
        var writeFailure: Error?
        if let input {
            signal(SIGPIPE, SIG_IGN)
            do {
                try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                try stdin.fileHandleForWriting.close()
            } catch {
                writeFailure = error
            }
        }
        // crontab's output is a few lines: reading stdout to its end first cannot block on stderr.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if let writeFailure, process.terminationStatus == 0 {
            throw CommandFailure(message: "cannot write to \(path): \(writeFailure.localizedDescription)",
                                 status: ExitStatus.failure)
        }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
