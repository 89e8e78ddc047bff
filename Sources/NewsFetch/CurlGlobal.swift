// libcurl's process-wide initialisation, done exactly once before the first handle.
internal import CCurl

/// Swift runs a global's initialiser once, thread-safely, on first use.
let curlGlobalInitResult: Int32 = Int32(curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue)

/// True when libcurl initialised; reading it triggers the one-time init.
var curlIsReady: Bool { curlGlobalInitResult == Int32(CURLE_OK.rawValue) }
