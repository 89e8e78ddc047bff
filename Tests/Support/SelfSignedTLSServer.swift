// An HTTPS server on 127.0.0.1 whose certificate is self-signed, made at test time:
// `openssl req -x509` writes the key and certificate, `openssl s_server -www` serves them
// on an ephemeral port. No client that checks certificates can trust it.
import Foundation

public final class SelfSignedTLSServer: @unchecked Sendable {
    public let port: UInt16
    public var baseURL: String { "https://127.0.0.1:\(port)" }
    private let server: Process
    private let directory: TemporaryDirectory

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Debian's openssl package (scripts/install-deps installs it).
    public static let openssl = "/usr/bin/openssl"

    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.openssl) else {
            throw Failure(description: "\(Self.openssl) is missing: install the openssl package (scripts/install-deps)")
        }
        directory = try TemporaryDirectory()
        let key = directory.path + "/key.pem", certificate = directory.path + "/certificate.pem"
        let request = Process()
        request.executableURL = URL(fileURLWithPath: Self.openssl)
        request.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                             "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1"]
        request.standardOutput = FileHandle.nullDevice
        request.standardError = FileHandle.nullDevice
        try request.run()
        request.waitUntilExit()
        guard request.terminationStatus == 0 else {
            throw Failure(description: "openssl req -x509 exited with \(request.terminationStatus)")
        }
        server = Process()
        server.executableURL = URL(fileURLWithPath: Self.openssl)
        server.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        server.standardInput = FileHandle.nullDevice
        try server.run()
        // s_server prints `ACCEPT 127.0.0.1:PORT` once it listens on the port it was given.
        var printed = ""
        while !(printed.contains("ACCEPT ") && printed.hasSuffix("\n")) {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let accept = printed.split(separator: "\n").first { $0.hasPrefix("ACCEPT ") }
        guard let port = accept.flatMap({ $0.split(separator: ":").last }).flatMap({ UInt16($0) }) else {
            Self.stop(server)
            throw Failure(description: "openssl s_server did not say where it listens; it printed: \(printed)")
        }
        self.port = port
    }

    deinit {
        Self.stop(server)
    }

    /// SIGKILL, not Process.terminate's SIGTERM: the server inherits the test thread's
    /// signal mask, in which SIGTERM may be blocked.
    private static func stop(_ server: Process) {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }
}
