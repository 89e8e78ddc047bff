// Creates the directories a database path needs, reporting the system's own reason on failure.
import Foundation

enum ParentDirectory {
    /// Makes sure the directory holding `path` exists, creating missing levels like
    /// `mkdir -p`. Foundation's errors here read "The operation could not be completed",
    /// so this uses mkdir(2) and strerror for a message a user can act on.
    static func create(for path: String) throws(StoreError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try create(directory: directory, for: path)
    }

    private static func create(directory: String, for path: String) throws(StoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StoreError(path: path, operation: "creating the database's directory",
                                 message: "\(directory) is not a directory")
            }
            return
        }
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        if parent != directory {
            try create(directory: parent, for: path)
        }
        // EEXIST: another process created it between the check and here, which is fine.
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw StoreError(path: path, operation: "creating the directory \(directory)",
                             message: String(cString: strerror(errno)))
        }
    }
}
