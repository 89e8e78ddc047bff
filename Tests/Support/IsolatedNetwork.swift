// Runs code in a network namespace of its own: no interface is up, not even loopback, so
// nothing it does can leave the machine. A DNS lookup there fails at once (the resolver's
// server is unreachable) instead of asking the real DNS server, which tests must never do.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum IsolatedNetwork {
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `body` on a thread of its own moved into a fresh network namespace, and returns
    /// what it returned. Only that thread (and the threads and processes it starts) are
    /// moved: a network namespace is per thread. Throws when the kernel does not permit it
    /// (unshare needs CAP_SYS_ADMIN, which a container may withhold).
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) throws(Unavailable) -> T {
        let box = ResultBox<T>()
        let thread = Thread {
            guard let unshare = unshareFunction else {
                box.set(.failure(Unavailable(description: "this C library has no unshare(2)")))
                return
            }
            guard unshare(cloneNewNet) == 0 else {
                let reason = String(cString: strerror(errno))
                box.set(.failure(Unavailable(description: "unshare(CLONE_NEWNET) is not permitted here: \(reason)")))
                return
            }
            box.set(.success(body()))
        }
        thread.start()
        return try box.wait().get()
    }

    /// CLONE_NEWNET from <sched.h>, which Swift's Glibc module does not export.
    private static let cloneNewNet: Int32 = 0x4000_0000

    /// unshare(2), looked up at run time: Swift's Glibc module does not declare it.
    private static let unshareFunction: (@convention(c) (Int32) -> Int32)? = {
        dlsym(nil, "unshare").map { unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self) }
    }()
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private var result: Result<T, IsolatedNetwork.Unavailable>?
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Result<T, IsolatedNetwork.Unavailable>) {
        result = value
        done.signal()
    }

    func wait() -> Result<T, IsolatedNetwork.Unavailable> {
        done.wait()
        return result ?? .failure(IsolatedNetwork.Unavailable(description: "the isolated thread gave no result"))
    }
}
