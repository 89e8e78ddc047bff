// Owns a curl multi handle: the one event loop that drives many transfers at once over
// shared connections. Used from one thread only, except `wakeUp`.
internal import CCurl

final class MultiHandle {
    private let handle: UnsafeMutableRawPointer
    /// Kept so libcurl stays loaded while the handle exists.
    private let curl: CurlLibrary
    /// Transfers added and not yet finished, by their easy handle.
    private var running: [UnsafeMutableRawPointer: EasyTransfer] = [:]

    init?(curl: CurlLibrary) {
        guard let handle = curl.api.pointee.multi_init() else { return nil }
        self.handle = handle
        self.curl = curl
    }

    deinit {
        for transfer in running.values {
            _ = curl.api.pointee.multi_remove_handle(handle, transfer.handle)
        }
        _ = curl.api.pointee.multi_cleanup(handle)
    }

    var activeCount: Int { running.count }

    /// Starts a transfer. The multi handle keeps it alive until it completes.
    func add(_ transfer: EasyTransfer) -> Bool {
        guard curl.api.pointee.multi_add_handle(handle, transfer.handle) == CURLM_OK else { return false }
        running[transfer.handle] = transfer
        return true
    }

    /// Moves every transfer as far as it can go without blocking, then waits up to
    /// `timeoutMilliseconds` for socket activity. Returns the transfers that finished,
    /// each with libcurl's result code; throws libcurl's message when the multi handle
    /// itself fails (the transfers in it are then lost: see `abandonAll`).
    func step(timeoutMilliseconds: Int32) throws(MultiFailure) -> [(EasyTransfer, CURLcode)] {
        var stillRunning: Int32 = 0
        try check(curl.api.pointee.multi_perform(handle, &stillRunning))
        var finished: [(EasyTransfer, CURLcode)] = []
        var queued: Int32 = 0
        while let message = curl.api.pointee.multi_info_read(handle, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = running.removeValue(forKey: easy) else { continue }
            let code = message.pointee.data.result
            _ = curl.api.pointee.multi_remove_handle(handle, easy)
            finished.append((transfer, code))
        }
        if finished.isEmpty, !running.isEmpty {
            try check(curl.api.pointee.multi_poll(handle, nil, 0, timeoutMilliseconds, nil))
        }
        return finished
    }

    /// Ends a `step` waiting for sockets at once. The one call libcurl allows from another
    /// thread while the handle is in use.
    func wakeUp() {
        _ = curl.api.pointee.multi_wakeup(handle)
    }

    /// Removes and returns every transfer still running, after a `MultiFailure` or when
    /// the run is cancelled.
    func abandonAll() -> [EasyTransfer] {
        let transfers = Array(running.values)
        for transfer in transfers {
            _ = curl.api.pointee.multi_remove_handle(handle, transfer.handle)
        }
        running.removeAll()
        return transfers
    }

    private func check(_ code: CURLMcode) throws(MultiFailure) {
        guard code == CURLM_OK else {
            throw MultiFailure(message: "libcurl: " + (curl.api.pointee.multi_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"))
        }
    }
}

/// The multi handle failed as a whole (out of memory, a bad socket, a libcurl bug).
struct MultiFailure: Error {
    var message: String
}
