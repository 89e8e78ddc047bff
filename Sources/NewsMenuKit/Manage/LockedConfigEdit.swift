// Every change to feeds.json is a read-modify-write under an advisory lock on
// feeds.json.lock: two edits at once would otherwise each write what they read, and the later
// write would drop the earlier one's change. The file is read only once the lock is held, so a
// command that spends time first (add's download) edits the config as it is then, hand edits
// made meanwhile included, not as it was when the command started.
import Foundation

enum LockedConfigEdit {
    /// How long an edit waits for another; an edit holds the lock for milliseconds.
    static let wait: TimeInterval = 10

    /// Takes the lock of the config at `configPath`, reads the config, lets `change` edit it
    /// and writes the result when it differs. `command` names this edit to one that waits.
    static func run<Result>(configPath: String, command: String,
                            _ change: (inout ConfigEditor) throws(CommandFailure) -> Result) throws(CommandFailure) -> Result {
        let lock: FileLock
        do {
            lock = try FileLock(path: ConfigFileWriter.resolved(configPath) + ".lock", wait: wait, command: command)
        } catch {
            throw error.commandFailure(wait: wait)
        }
        return try withExtendedLifetime(lock) { () throws(CommandFailure) -> Result in
            var editor = try ConfigFileWriter.read(path: configPath)
            let before = editor.bytes
            let result = try change(&editor)
            if editor.bytes != before { try ConfigFileWriter.write(editor.bytes, to: configPath) }
            return result
        }
    }
}
