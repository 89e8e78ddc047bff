// `NEWSMENU_FRAME_LOG=path`: appends, for each frame drawn in answer to input, the
// microseconds from reading the input to finishing the frame's write — the view's latency,
// measured where the reader feels it.
#if canImport(Glibc)
import Glibc
#endif

final class FrameLog {
    private let descriptor: Int32

    init?(path: String?) {
        guard let path, !path.isEmpty else { return nil }
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        close(descriptor)
    }

    /// Now on a monotonic clock, in microseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
    }

    func record(since start: UInt64) {
        let line = "\(Self.now() - start)\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}
