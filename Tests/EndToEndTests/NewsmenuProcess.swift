// Runs the built newsmenu binary as a user would, and captures what it prints.
import Foundation

struct NewsmenuRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum NewsmenuProcess {
    /// The binary SwiftPM built next to this test bundle.
    static let binary: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("newsmenu")

    /// Runs `newsmenu arguments…` with a clean environment plus `environment`: no terminal,
    /// no inherited config or database, so each test sees only what it set up (and the
    /// sanitizer settings of a sanitized run, SanitizerEnvironment).
    /// `stdin` is fed to the process; `stdoutPath` sends its output to a file instead of
    /// capturing it (`/dev/full` to make every write fail).
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
                    stdoutPath: String? = nil) throws -> NewsmenuRun {
        let process = configured(arguments, environment: environment)
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        if let stdoutPath {
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        } else {
            process.standardOutput = output
        }
        process.standardError = errors
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            try input.fileHandleForWriting.write(contentsOf: stdin)
            try input.fileHandleForWriting.close()
        }
        // Drain both pipes at once before waiting, so neither can fill up and block the child.
        let errorReader = PipeReader(errors)
        try output.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        return NewsmenuRun(status: process.terminationStatus,
                           stdout: String(decoding: outData, as: UTF8.self),
                           stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs another program (a harness such as script(1)) with the same clean environment.
    static func runProgram(_ path: String, _ arguments: [String]) throws -> NewsmenuRun {
        let process = configured(arguments, environment: [:])
        process.executableURL = URL(fileURLWithPath: path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return NewsmenuRun(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }

    /// Starts `newsmenu arguments…` in the background, its output discarded.
    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = configured(arguments, environment: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func configured(_ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var base = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "LANG": "C.UTF-8"]
        base.merge(SanitizerEnvironment.variables) { _, sanitizer in sanitizer }
        base.merge(environment) { _, new in new }
        process.environment = base
        return process
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name))
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
