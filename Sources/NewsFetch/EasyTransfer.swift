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
        /// a 3xx, resolved by libcurl against the hop's URL. `announcedLength` is the
        /// Content-Length the body ended at, when the server sent one.
        case answered(status: Int, headers: ResponseHeaders, body: Data, redirectTarget: String?, announcedLength: Int64?)
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

    /// `timeout` is what is left of the whole fetch's time for this hop.
    init(fetch: FetchInProgress, options: FetchOptions, timeout: TimeInterval, curl: CurlLibrary) throws(FetchError) {
        guard let handle = curl.api.pointee.easy_init() else {
            throw fetch.failure(.transport(code: -1, message: "libcurl could not make an easy handle"))
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
        ]
        appendHeader("Accept", Array(Self.accept.utf8))
        if fetch.sendsValidators {
            if let etag = fetch.request.etag {
                appendHeader("If-None-Match", etag.bytes)
            }
            if let lastModified = fetch.request.lastModified {
                appendHeader("If-Modified-Since", lastModified.bytes)
            }
        }
        codes.append(newsmenu_curl_setopt_slist(curl.api, handle, CURLOPT_HTTPHEADER, headerList))
        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            throw fetch.failure(.transport(code: Int(failed.rawValue), message: text(of: failed)))
        }
    }

    /// The feed formats newsmenu reads, first: a server that negotiates content may send
    /// its HTML page for `*/*` alone.
    private static let accept = "application/rss+xml, application/atom+xml, application/feed+json, "
        + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1"

    /// Adds `name: value` to the request's headers, the value's bytes as they are.
    private func appendHeader(_ name: String, _ value: [UInt8]) {
        let line = Array("\(name): ".utf8) + value + [0]
        headerList = line.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { curl.api.pointee.slist_append(headerList, $0.baseAddress) }
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
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failed(.transport(code: Int(code.rawValue), message: detail.isEmpty ? text(of: code) : detail))
        }
        var status = 0
        _ = newsmenu_curl_getinfo_long(curl.api, handle, CURLINFO_RESPONSE_CODE, &status)
        if url.lowercased().hasPrefix("file:") { status = 200 }
        var target: UnsafeMutablePointer<CChar>?
        _ = newsmenu_curl_getinfo_string(curl.api, handle, CURLINFO_REDIRECT_URL, &target)
        // libcurl stops reading at the Content-Length, so bytes a server sends past it are
        // never seen: only the parser can tell that the body ended too soon (FeedRefresh).
        var announcedLength: curl_off_t = -1
        _ = newsmenu_curl_getinfo_offset(curl.api, handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announcedLength)
        return .answered(status: status, headers: headers, body: body, redirectTarget: target.map { String(cString: $0) },
                         announcedLength: announcedLength >= 0 ? Int64(announcedLength) : nil)
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

/// CURLOPT_HEADERFUNCTION: called once per header line, status lines included.
private let easyTransferWriteHeader: newsmenu_curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<EasyTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    transfer.appendHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
    return length
}
