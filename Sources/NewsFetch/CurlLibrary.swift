// libcurl, loaded with dlopen the first time a transfer is made rather than linked: only
// `fetch` (and `parse URL`, `add`) download, and linking libcurl's dependency tree slowed
// every command's start. Every libcurl call in NewsFetch goes through `CurlLibrary.api`.
import Glibc
internal import CCurl

/// libcurl could not be loaded or initialised; `message` says why and what to install.
struct CurlLoadError: Error, Sendable, Equatable {
    var message: String
}

/// The loaded libcurl: its dlopen handle and its function table. `@unchecked Sendable`:
/// every stored property is immutable after `init`, and libcurl's own functions may be
/// called from any thread as long as each easy or multi handle stays on one thread, which
/// `MultiHandle` and `EasyTransfer` ensure.
final class CurlLibrary: @unchecked Sendable {
    /// The soname of libcurl 7.16 and later (Debian's libcurl4 package).
    static let soname = "libcurl.so.4"

    /// The process's libcurl, loaded and initialised once on first use: a `static let` is
    /// initialised lazily and thread-safely. It is never released, so its `deinit` never
    /// runs and libcurl stays loaded until exit (see `deinit`).
    static let shared: Result<CurlLibrary, CurlLoadError> = Result { () throws(CurlLoadError) in
        try CurlLibrary(named: soname)
    }

    /// The function table, filled by `newsmenu_curl_load`; the typed setopt and getinfo
    /// wrappers take it by pointer. Freed in `deinit`.
    let api: UnsafeMutablePointer<newsmenu_curl_api>
    private let library: UnsafeMutableRawPointer

    /// Opens `name`, resolves the functions NewsFetch needs and runs curl_global_init,
    /// which must happen once before any other libcurl call and is why the shared instance
    /// is the only one the fetcher uses.
    init(named name: String) throws(CurlLoadError) {
        let table = UnsafeMutablePointer<newsmenu_curl_api>.allocate(capacity: 1)
        var failure = [CChar](repeating: 0, count: 1024)
        guard let library = newsmenu_curl_load(name, table, &failure, failure.count) else {
            table.deallocate()
            let reason = String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CurlLoadError(message: "cannot load \(name): \(reason); install the libcurl4 package")
        }
        let code = table.pointee.global_init(Int(CURL_GLOBAL_ALL))
        guard code == CURLE_OK else {
            let reason = table.pointee.easy_strerror(code).map { String(cString: $0) } ?? "code \(code.rawValue)"
            dlclose(library)
            table.deallocate()
            throw CurlLoadError(message: "libcurl could not be initialised: \(reason)")
        }
        self.api = table
        self.library = library
    }

    /// Runs only for an instance other than `shared` (tests), and only after every easy and
    /// multi handle made from it is gone, since those keep their library alive. libcurl
    /// counts curl_global_init calls, so this cleanup undoes exactly this instance's init,
    /// and dlclose drops this instance's reference to the library.
    deinit {
        api.pointee.global_cleanup()
        dlclose(library)
        api.deallocate()
    }
}
