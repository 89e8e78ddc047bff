// A small HTTP/1.1 server on a loopback address (127.0.0.1 unless told another 127.x) at an
// ephemeral port, for tests: real sockets, so libcurl is exercised for real. One thread
// accepts; each connection gets its own thread, so slow responses overlap as they would on
// a real server. A response may also break HTTP on purpose (`Fault`): reset, cut short,
// endless, lying about its length or its chunks.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public final class LoopbackHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// Lower-cased names.
        public var headers: [String: String]
        /// The same values as the bytes that came, for a test of bytes that are not UTF-8.
        public var headerBytes: [String: [UInt8]]
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Seconds to wait before answering: a slow server.
        public var delay: TimeInterval
        /// How the body goes out after the headers.
        public var pacing: Pacing

        public enum Pacing: Sendable {
            /// All at once.
            case whole
            /// One byte every `interval` seconds: a drip.
            case drip(interval: TimeInterval)
            /// `bytes` bytes, then silence for `seconds` before the rest: a stall mid-body.
            case stall(afterBytes: Int, seconds: TimeInterval)
        }

        /// Ways of breaking HTTP on purpose.
        public enum Fault: Sendable {
            /// The headers and `afterBytes` of the body, then a TCP reset (SO_LINGER 0)
            /// instead of the rest.
            case resetMidBody(afterBytes: Int)
            /// `prefix` (nothing, or a status line or header block cut short), then the
            /// connection closes.
            case closeBeforeHeaders(prefix: String)
            /// No Content-Length, then the body over and over until the client hangs up.
            case endlessBody
            /// `Content-Length: announced` whatever the body's real size, sent in the same
            /// write as the headers.
            case wrongContentLength(announced: Int)
            /// `Transfer-Encoding: chunked`, and the body sent as it is: the test writes the
            /// chunk framing itself, broken as it likes.
            case rawChunked
        }

        /// Set to break the response; nil for a well-formed one.
        public var fault: Fault?

        /// Header lines sent after `headers`, byte for byte: a name repeated, a value that
        /// is not UTF-8.
        public var headerLines: [(name: String, value: [UInt8])]

        public init(status: Int = 200, headers: [String: String] = [:], headerLines: [(name: String, value: [UInt8])] = [],
                    body: Data = Data(), delay: TimeInterval = 0, pacing: Pacing = .whole, fault: Fault? = nil) {
            self.status = status
            self.headers = headers
            self.headerLines = headerLines
            self.body = body
            self.delay = delay
            self.pacing = pacing
            self.fault = fault
        }

        public init(status: Int = 200, contentType: String, body: String, delay: TimeInterval = 0) {
            self.init(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8), delay: delay)
        }
    }

    public typealias Handler = @Sendable (Request) -> Response

    public let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var stopped = false
    private let connections = ConnectionState()

    public let host: String
    public var baseURL: String { "http://\(host):\(port)" }

    /// The most requests this server was answering at one moment.
    public var peakConcurrentRequests: Int {
        connections.peakConcurrentRequests
    }

    /// Every request received so far, in arrival order.
    public var requests: [Request] {
        lock.withLock { recorded }
    }

    /// `host` must be a loopback address; Linux routes all of 127.0.0.0/8 to `lo`, so
    /// tests can stand up several "hosts" on one machine.
    public init(host: String = "127.0.0.1", handler: @escaping Handler) throws {
        self.handler = handler
        self.host = host
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ServerError.socket(errno) }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr(host)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 128) == 0 else {
            close(listener)
            throw ServerError.socket(errno)
        }
        self.listener = listener
        port = Self.localPort(of: listener)
        // Weak, so dropping the server stops it; the loop closes the socket itself when it
        // ends, so the descriptor cannot be reused by another socket while it still waits.
        // A connection's thread holds the server only while it records the request and asks
        // the handler: a delayed, dripping or stalled answer goes on without it, so dropping
        // the server at a test's end stops it and cuts such answers short instead of leaving
        // their threads (and what they hold) to outlive the test by up to a minute.
        let connections = self.connections
        let thread = Thread { [weak self] in
            Self.acceptLoop(listener: listener) { [weak self] connection in
                guard let (request, response) = self?.answer(connection) else { return false }
                Self.send(response, for: request, to: connection, connections)
                return true
            }
        }
        thread.start()
    }

    deinit {
        stop()
    }

    public func stop() {
        let wasRunning = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard wasRunning else { return }
        connections.stop()
        // Wakes the accept loop, which then closes the socket.
        shutdown(listener, Int32(SHUT_RDWR))
    }


    private static func localPort(of descriptor: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Accepts until the socket is shut down; `serve` answers false, leaving the connection
    /// to be closed here, when the server is gone or no request came.
    private static func acceptLoop(listener: Int32, serve: @escaping @Sendable (Int32) -> Bool) {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { if !serve(connection) { close(connection) } }.start()
        }
    }

    /// Reads and records one request and asks the handler for its answer; nil when no
    /// request came.
    private func answer(_ connection: Int32) -> (Request, Response)? {
        guard let request = readRequest(from: connection) else { return nil }
        lock.withLock { recorded.append(request) }
        connections.requestArrived()
        let response = handler(request)
        return (request, response)
    }

    /// Sends `response` as it is paced and closes the connection; a wait ends early, and
    /// nothing more is sent, once the server has stopped.
    private static func send(_ response: Response, for request: Request, to connection: Int32, _ connections: ConnectionState) {
        defer { close(connection) }
        if response.delay > 0 { _ = connections.wait(response.delay) }
        // The request stops counting before its answer goes out: once the client has the
        // answer it may send the next request, which must not overlap this one's count.
        connections.requestAnswered()
        if case .closeBeforeHeaders(let prefix) = response.fault {
            _ = send(Data(prefix.utf8), to: connection)
            return
        }
        var head = "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
        var headers = response.headers
        switch response.fault {
        case .endlessBody: break
        case .rawChunked: headers["Transfer-Encoding"] = "chunked"
        case .wrongContentLength(let announced): headers["Content-Length"] = String(announced)
        default: headers["Content-Length"] = String(response.body.count)
        }
        headers["Connection"] = "close"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        var headBytes = Data(head.utf8)
        for line in response.headerLines {
            headBytes += Data("\(line.name): ".utf8) + line.value + Data("\r\n".utf8)
        }
        headBytes += Data("\r\n".utf8)
        guard send(headBytes, to: connection), request.method != "HEAD" else { return }
        switch response.fault {
        case .resetMidBody(let count):
            guard send(response.body.prefix(count), to: connection) else { return }
            // Lets the client read what was sent before the reset arrives.
            Thread.sleep(forTimeInterval: 0.1)
            var resetOnClose = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &resetOnClose, socklen_t(MemoryLayout<linger>.size))
            return
        case .endlessBody:
            precondition(!response.body.isEmpty, "an endless body repeats a non-empty body")
            while send(response.body, to: connection) {}
            return
        default:
            break
        }
        switch response.pacing {
        case .whole:
            _ = send(response.body, to: connection)
        case .drip(let interval):
            for byte in response.body {
                guard send(Data([byte]), to: connection), connections.wait(interval) else { return }
            }
        case .stall(let count, let seconds):
            guard send(response.body.prefix(count), to: connection), connections.wait(seconds) else { return }
            _ = send(response.body.dropFirst(count), to: connection)
        }
    }

    /// Writes all of `bytes`; false when the client has gone away.
    private static func send(_ bytes: Data, to connection: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let count = Glibc.send(connection, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return false }
                sent += count
            }
            return true
        }
    }

    private func readRequest(from connection: Int32) -> Request? {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: chunk[0..<count])
        }
        let lines = received.split(separator: Data("\r\n".utf8))
        guard let first = lines.first else { return nil }
        let requestLine = String(decoding: first, as: UTF8.self).split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headerBytes: [String: [UInt8]] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == 0x20 || $0 == 0x09 }
            headerBytes[String(decoding: line[..<colon], as: UTF8.self).lowercased()] = Array(value)
        }
        let headers = headerBytes.mapValues {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
                       headerBytes: headerBytes)
    }

    public enum ServerError: Error {
        case socket(Int32)
    }
}

/// What a server shares with its connections' threads, which may outlive it: how many
/// requests are being answered, and whether it has stopped, which ends their waits early.
private final class ConnectionState: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var inFlight = 0
    private var peak = 0

    var peakConcurrentRequests: Int {
        condition.withLock { peak }
    }

    func requestArrived() {
        condition.withLock {
            inFlight += 1
            peak = max(peak, inFlight)
        }
    }

    func requestAnswered() {
        condition.withLock { inFlight -= 1 }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Waits `seconds`, or less if the server stops meanwhile; false when it has stopped.
    func wait(_ seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while !stopped, condition.wait(until: deadline) {}
            return !stopped
        }
    }
}
