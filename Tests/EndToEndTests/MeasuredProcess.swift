// Runs a program and reports what it cost: wall time and its own peak resident set size.
// Not wait4's ru_maxrss: posix_spawn starts the child on the parent's memory (vfork), and
// the kernel carries that memory's peak into the child's ru_maxrss at exec, so it reports
// the test process's peak when that is larger. VmHWM of /proc/PID/status counts only the
// memory the program has had since exec.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct MeasuredRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// The child's peak resident set size (VmHWM) as last sampled before it exited, in KiB.
    var peakResidentKiB: Int
}

enum MeasuredProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `path arguments…` with exactly `environment` (and the run's sanitizer settings),
    /// stdin from /dev/null, and waits.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> MeasuredRun {
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else {
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, so that processes other tests start meanwhile do not hold them open.
        for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Descriptors other tests opened without O_CLOEXEC (their servers' sockets) stay
        // out of the child.
        if let closeFrom { _ = closeFrom(&actions, 3) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.merging(SanitizerEnvironment.variables) { own, _ in own }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        // Both pipes drained at once, so the child never blocks on a full one.
        let errorText = DrainedDescriptor(errors[0])
        let outputText = DrainedDescriptor(output[0])
        // VmHWM only grows, so the last sample holds the peak of all but the final 10 ms.
        var status: Int32 = 0
        var peak = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            peak = max(peak, highWaterKiB(of: pid))
            usleep(10_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // A normal exit keeps its code in bits 8–15; a signal ends it with 128 + the signal.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return MeasuredRun(status: exit, stdout: outputText.wait(), stderr: errorText.wait(), seconds: seconds,
                           peakResidentKiB: peak)
    }

    /// VmHWM of a running process, in KiB; 0 once it has exited.
    private static func highWaterKiB(of pid: pid_t) -> Int {
        // Read to its end: a /proc file claims a size of 0.
        let data = FileHandle(forReadingAtPath: "/proc/\(pid)/status")?.readDataToEndOfFile() ?? Data()
        let status = String(decoding: data, as: UTF8.self)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0
    }

    /// posix_spawn_file_actions_addclosefrom_np (glibc 2.34), which Swift's Glibc module
    /// does not declare.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }
    }()
}

/// Reads a descriptor to its end on a thread of its own, then closes it.
private final class DrainedDescriptor: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                data.append(contentsOf: buffer[0..<count])
            }
            close(descriptor)
            done.signal()
        }.start()
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
