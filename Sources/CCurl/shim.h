// libcurl for Swift. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift
// cannot call; these typed wrappers are the only C here.
#ifndef NEWSMENU_CCURL_SHIM_H
#define NEWSMENU_CCURL_SHIM_H
#include <curl/curl.h>

typedef size_t (*newsmenu_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode newsmenu_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_write_function(CURL *handle, CURLoption option,
                                                          newsmenu_curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode newsmenu_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode newsmenu_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
