// Owns a curl multi handle: the one event loop that drives many transfers at once over
// shared connections. Used from one thread only.
internal import CCurl

final class MultiHandle {
    private let handle: UnsafeMutableRawPointer
    /// Transfers added and not yet finished, by their easy handle.
    private var running: [UnsafeMutableRawPointer: EasyTransfer] = [:]

    init?() {
        guard curlIsReady, let handle = curl_multi_init() else { return nil }
        self.handle = handle
    }

    deinit {
        for transfer in running.values {
            curl_multi_remove_handle(handle, transfer.handle)
        }
        curl_multi_cleanup(handle)
    }

    var activeCount: Int { running.count }

    /// Starts a transfer. The multi handle keeps it alive until it completes.
    func add(_ transfer: EasyTransfer) -> Bool {
        guard curl_multi_add_handle(handle, transfer.handle) == CURLM_OK else { return false }
        running[transfer.handle] = transfer
        return true
    }

    /// Moves every transfer as far as it can go without blocking, then waits up to
    /// `timeoutMilliseconds` for socket activity. Returns the transfers that finished,
    /// each with libcurl's result code; throws libcurl's message when the multi handle
    /// itself fails (the transfers in it are then lost: see `abandonAll`).
    func step(timeoutMilliseconds: Int32) throws(MultiFailure) -> [(EasyTransfer, CURLcode)] {
        var stillRunning: Int32 = 0
        try check(curl_multi_perform(handle, &stillRunning))
        var finished: [(EasyTransfer, CURLcode)] = []
        var queued: Int32 = 0
        while let message = curl_multi_info_read(handle, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = running.removeValue(forKey: easy) else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(handle, easy)
            finished.append((transfer, code))
        }
        if finished.isEmpty, !running.isEmpty {
            try check(curl_multi_poll(handle, nil, 0, timeoutMilliseconds, nil))
        }
        return finished
    }

    /// Removes and returns every transfer still running, after a `MultiFailure`.
    func abandonAll() -> [EasyTransfer] {
        let transfers = Array(running.values)
        for transfer in transfers {
            curl_multi_remove_handle(handle, transfer.handle)
        }
        running.removeAll()
        return transfers
    }

    private func check(_ code: CURLMcode) throws(MultiFailure) {
        guard code == CURLM_OK else {
            throw MultiFailure(message: "libcurl: " + String(cString: curl_multi_strerror(code)))
        }
    }
}

/// The multi handle failed as a whole (out of memory, a bad socket, a libcurl bug).
struct MultiFailure: Error {
    var message: String
}
