// One HTTP exchange (one hop of a fetch): owns a curl easy handle, its header list and
// error buffer, and collects the body and response headers as libcurl delivers them.
// Redirects are not followed here: `Fetcher` decides about each one. Not thread-safe: it
// lives on the thread that drives its multi handle.
import Foundation
internal import CCurl

final class EasyTransfer {
    /// What one hop ended in.
    enum Outcome {
        /// The server answered (any status). `redirectTarget` is the absolute Location of
        /// a 3xx, resolved by libcurl against the hop's URL.
        case answered(status: Int, headers: ResponseHeaders, body: Data, redirectTarget: String?)
        case failed(FetchError.Reason)
    }

    /// The fetch this hop belongs to.
    let fetch: FetchInProgress
    let url: String
    /// The raw `CURL *`; never leaves this class and `MultiHandle`.
    let handle: UnsafeMutableRawPointer
    /// Kept so libcurl stays loaded while the handle exists.
    private let curl: CurlLibrary
    private let maxBodyBytes: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body = Data()
    private var headers = ResponseHeaders()
    /// Set when the write callback refused data for going past the body cap.
    private var exceededBodyLimit = false
    /// Set when libcurl noted bytes past the Content-Length: the body it delivers ends
    /// where the server said, before the rest the server sent.
    private var bodyLongerThanAnnounced = false

    /// `timeout` is what is left of the whole fetch's time for this hop.
    init(fetch: FetchInProgress, options: FetchOptions, timeout: TimeInterval, curl: CurlLibrary) throws(FetchError) {
        guard let handle = curl.api.pointee.easy_init() else {
            throw FetchError(url: fetch.request.url, reason: .transport(code: -1, message: "libcurl could not make an easy handle"))
        }
        self.fetch = fetch
        self.url = fetch.currentURL
        self.handle = handle
        self.curl = curl
        self.maxBodyBytes = options.maxBodyBytes
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure(options, timeout: timeout)
    }

    deinit {
        curl.api.pointee.easy_cleanup(handle)
        curl.api.pointee.slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(_ options: FetchOptions, timeout: TimeInterval) throws(FetchError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        // A feed may be a local file; a hop reached by redirect may only be http or https.
        let protocols = fetch.redirectCount == 0 ? "http,https,file" : "http,https"
        var codes: [CURLcode] = [
            newsmenu_curl_setopt_string(curl.api, handle, CURLOPT_URL, url),
            newsmenu_curl_setopt_string(curl.api, handle, CURLOPT_PROTOCOLS_STR, protocols),
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_FOLLOWLOCATION, 0),
            // An empty string offers every codec this libcurl was built with.
            newsmenu_curl_setopt_string(curl.api, handle, CURLOPT_ACCEPT_ENCODING, ""),
            newsmenu_curl_setopt_string(curl.api, handle, CURLOPT_USERAGENT, options.userAgent),
            // Timeouts must not use signals: several transfers share the process.
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_NOSIGNAL, 1),
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout)),
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_TIMEOUT_MS, max(1, Self.milliseconds(timeout))),
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_LOW_SPEED_LIMIT, options.lowSpeedBytesPerSecond),
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_LOW_SPEED_TIME, Int(options.lowSpeedTime.rounded(.up))),
            newsmenu_curl_setopt_offset(curl.api, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes)),
            newsmenu_curl_setopt_pointer(curl.api, handle, CURLOPT_ERRORBUFFER, errorBuffer),
            newsmenu_curl_setopt_write_function(curl.api, handle, CURLOPT_WRITEFUNCTION, easyTransferWriteBody),
            newsmenu_curl_setopt_pointer(curl.api, handle, CURLOPT_WRITEDATA, context),
            newsmenu_curl_setopt_write_function(curl.api, handle, CURLOPT_HEADERFUNCTION, easyTransferWriteHeader),
            newsmenu_curl_setopt_pointer(curl.api, handle, CURLOPT_HEADERDATA, context),
            // libcurl says that a server sent more than its Content-Length only in its
            // verbose notes; these go to `noteDebugText`, never to stderr (the function is
            // set before verbose mode is turned on).
            newsmenu_curl_setopt_debug_function(curl.api, handle, easyTransferDebugText),
            newsmenu_curl_setopt_pointer(curl.api, handle, CURLOPT_DEBUGDATA, context),
            newsmenu_curl_setopt_long(curl.api, handle, CURLOPT_VERBOSE, 1),
        ]
        // Validators belong to the URL that sent them: another hop must not receive them.
        if url == fetch.request.validatorsURL ?? fetch.request.url {
            if let etag = fetch.request.etag {
                headerList = curl.api.pointee.slist_append(headerList, "If-None-Match: \(etag)")
            }
            if let lastModified = fetch.request.lastModified {
                headerList = curl.api.pointee.slist_append(headerList, "If-Modified-Since: \(lastModified)")
            }
        }
        if headerList != nil {
            codes.append(newsmenu_curl_setopt_slist(curl.api, handle, CURLOPT_HTTPHEADER, headerList))
        }
        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            throw FetchError(url: fetch.request.url,
                             reason: .transport(code: Int(failed.rawValue), message: text(of: failed)))
        }
    }

    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maxBodyBytes else {
            exceededBodyLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        headers.consume(line: bytes)
    }

    /// One of libcurl's verbose notes. "Excess found in a read: excess = N, …" (7.88;
    /// "Excess found writing body: excess = N" in later versions) means the server sent N
    /// bytes past its Content-Length. Up to two are tolerated: a stray CRLF after the body
    /// is an old server bug that loses nothing. libcurl reads no further than the
    /// Content-Length once past the headers, so it notices only bytes that came in the same
    /// read as the headers (a small feed sent in one piece); the rest go unseen.
    func noteDebugText(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.starts(with: Self.excessNote) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let marker = text.range(of: "excess = ") else { return }
        let excess = Int(text[marker.upperBound...].prefix { $0.isNumber }) ?? 0
        if excess > 2 { bodyLongerThanAnnounced = true }
    }

    private static let excessNote = Array("Excess found".utf8)

    /// What the finished hop ended in, from libcurl's result code and its info.
    func outcome(code: CURLcode) -> Outcome {
        if exceededBodyLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .failed(.tooLarge(limit: maxBodyBytes))
        }
        // libcurl 7.88 takes a connection closed partway through the headers for a complete
        // answer with an empty body, or (once a Content-Length came) for a short body.
        if headers.isCutOff, code == CURLE_OK || code == CURLE_PARTIAL_FILE {
            return .failed(.incompleteHeaders)
        }
        if bodyLongerThanAnnounced, code == CURLE_OK {
            return .failed(.longerThanContentLength)
        }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failed(.transport(code: Int(code.rawValue), message: detail.isEmpty ? text(of: code) : detail))
        }
        var status = 0
        _ = newsmenu_curl_getinfo_long(curl.api, handle, CURLINFO_RESPONSE_CODE, &status)
        if url.lowercased().hasPrefix("file:") { status = 200 }
        var target: UnsafeMutablePointer<CChar>?
        _ = newsmenu_curl_getinfo_string(curl.api, handle, CURLINFO_REDIRECT_URL, &target)
        return .answered(status: status, headers: headers, body: body, redirectTarget: target.map { String(cString: $0) })
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        Int((seconds * 1000).rounded())
    }

    private func text(of code: CURLcode) -> String {
        curl.api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }
}

/// CURLOPT_WRITEFUNCTION: returning fewer bytes than offered makes libcurl abort the transfer.
private let easyTransferWriteBody: newsmenu_curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<EasyTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return transfer.appendBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_DEBUGFUNCTION: only libcurl's informational text is of use; the headers and
/// data it also passes are skipped at once.
private let easyTransferDebugText: newsmenu_curl_debug_callback = { _, type, data, size, context in
    guard type == CURLINFO_TEXT, let data, let context else { return 0 }
    let transfer = Unmanaged<EasyTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.noteDebugText(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// CURLOPT_HEADERFUNCTION: called once per header line, status lines included.
private let easyTransferWriteHeader: newsmenu_curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<EasyTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    transfer.appendHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
    return length
}
