// A private mount namespace (unshare -m) for the tests that need a file system mounted
// read-only, or a small one made full: the mounts stay inside it and vanish with it.
import Foundation

enum MountNamespace {
    /// Whether this process may mount in a mount namespace of its own (root, or a container
    /// that allows it).
    static let isAvailable: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Runs `script` with sh in a private mount namespace and returns its exit status. The
    /// script may call `record LABEL COMMAND…`, which keeps the command's exit status, stdout
    /// and stderr in `outputs` for `recorded(LABEL, in: outputs)`.
    static func run(_ script: String, recordingInto outputs: String) throws -> Int32 {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        let recorder = """
            record() { label=$1; shift; "$@" > '\(outputs)'/"$label".out 2> '\(outputs)'/"$label".err; \
            echo $? > '\(outputs)'/"$label".status; }
            """
        shell.arguments = ["-m", "sh", "-c", recorder + "\n" + script]
        shell.environment = ["PATH": "/usr/bin:/bin", "HOME": outputs, "LANG": "C.UTF-8"]
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        return shell.terminationStatus
    }

    /// What `record LABEL …` kept.
    static func recorded(_ label: String, in outputs: String) throws -> NewsmenuRun {
        let read = { (suffix: String) throws -> String in
            try String(contentsOfFile: "\(outputs)/\(label).\(suffix)", encoding: .utf8)
        }
        return NewsmenuRun(status: Int32(try read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                           stdout: try read("out"), stderr: try read("err"))
    }
}
