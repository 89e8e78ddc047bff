// crontab(1) as newsmenu runs it, played by scripts on a PATH of their own: a crontab that
// refuses its input before reading it is reported in its own words, never a signal that
// kills newsmenu or a write error standing in for the reason.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("crontab program")
struct CrontabProgramTests {
    /// A directory holding `crontab` with `script` as its body.
    private func crontab(_ script: String) throws -> (directory: String, program: CrontabProgram) {
        let directory = NSTemporaryDirectory() + "newsmenu-crontab-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/crontab"
        try ("#!/bin/sh\n" + script).write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return (directory, try CrontabProgram(environment: ["PATH": directory]))
    }

    @Test("a crontab that exits before reading a large table fails with its own words")
    func refusesWithoutReading() throws {
        let (directory, program) = try crontab("echo 'crontab: refused: bad minute' >&2\nexit 1\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Far more than a pipe holds (64 KB), so the write meets the closed pipe.
        let table = String(repeating: "*/15 * * * * /usr/bin/true\n", count: 20_000)
        #expect {
            try program.write(table)
        } throws: { error in
            (error as? CommandFailure)?.message == "crontab - failed: crontab: refused: bad minute"
        }
    }

    @Test("a crontab that reads its table and succeeds is fine")
    func accepts() throws {
        let (directory, program) = try crontab("cat > \"$(dirname \"$0\")/table\"\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try program.write("*/15 * * * * /usr/bin/true\n")
        #expect(try String(contentsOfFile: directory + "/table", encoding: .utf8) == "*/15 * * * * /usr/bin/true\n")
    }
}
