// What a failed transfer means, in words a reader of `fetch`'s report understands without
// knowing libcurl's error codes: libcurl's own message ("Recv failure: Connection reset by
// peer", "Illegal or missing hexadecimal sequence in chunked-encoding") is exact but
// speaks of its internals. The message is still shown, after these words.
import Foundation
internal import CCurl

enum TransferFailureText {
    /// Plain words for libcurl's result `code`, whose message is `detail`; nil when there
    /// are none better than the message.
    static func words(code: Int, detail: String) -> String? {
        guard let code = UInt32(exactly: code) else { return nil }
        switch CURLcode(rawValue: code) {
        case CURLE_COULDNT_RESOLVE_HOST:
            return "the host name does not resolve (no such host, or no DNS server reachable)"
        case CURLE_COULDNT_RESOLVE_PROXY:
            return "the proxy's host name does not resolve"
        case CURLE_COULDNT_CONNECT:
            // libcurl takes its proxy from these, and then connects to it, not the server.
            let proxied = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
                .contains { ProcessInfo.processInfo.environment[$0]?.isEmpty == false }
            return proxied ? "could not connect to the server, or to the proxy the environment names"
                           : "could not connect to the server"
        case CURLE_WEIRD_SERVER_REPLY:
            return "the server's answer is not valid HTTP"
        case CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return "the HTTP/2 connection to the server failed"
        case CURLE_PARTIAL_FILE:
            return "the connection closed before the whole body arrived"
        case CURLE_OPERATION_TIMEDOUT:
            return "the server was too slow"
        case CURLE_SSL_CONNECT_ERROR:
            return "the TLS handshake with the server failed"
        case CURLE_PEER_FAILED_VERIFICATION:
            return "the server's TLS certificate is not trusted, so nothing was downloaded"
        case CURLE_SSL_CACERT_BADFILE:
            return "the trusted certificates cannot be read (is the ca-certificates package installed?)"
        case CURLE_GOT_NOTHING:
            return "the server closed the connection without answering"
        case CURLE_SEND_ERROR:
            return "the connection broke while sending the request"
        case CURLE_RECV_ERROR:
            // One code for a broken connection and for a broken chunked body: only the
            // message tells them apart.
            if detail.contains("chunked") { return "the server's chunked encoding is broken" }
            if detail.contains("reset") { return "the server reset the connection mid-transfer" }
            return "the connection broke while receiving the answer"
        case CURLE_BAD_CONTENT_ENCODING:
            return "the server's compressed body is corrupt"
        default:
            return nil
        }
    }
}
