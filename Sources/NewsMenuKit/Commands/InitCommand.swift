// `newsmenu init`: writes the example config where newsmenu will look for it, never over
// an existing file.
import Foundation

enum InitCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let path = context.configPath
        var isDirectory: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure(message: isDirectory.boolValue ? "\(path) is a directory; give init the path of a file to write"
                                     : "\(path) already exists; init never overwrites a config",
                                 status: ExitStatus.failure)
        }
        let file = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Atomic: written to a temporary file and renamed, so a full disk leaves no half file.
            try Data(ExampleConfig.text.utf8).write(to: file, options: .atomic)
        } catch {
            throw CommandFailure(message: "cannot write \(path): \(error.localizedDescription)", status: ExitStatus.failure)
        }
        Console.out("wrote the example config to \(path)")
        let options = context.pathOptions
        Console.out("edit its tabs and feeds, then run: newsmenu fetch\(options) && newsmenu show\(options)")
        return ExitStatus.success
    }
}
