// libcurl for Swift, loaded at run time. newsmenu does not link libcurl: loading it and its
// dependency tree (OpenSSL, nghttp2, libssh2, LDAP, Kerberos, ...) costs several
// milliseconds at every process start, and only `fetch` makes transfers. So curl.h gives
// the types and constants, and the functions are reached through a table filled by
// dlopen/dlsym on first use. curl_easy_setopt and curl_easy_getinfo are variadic, which
// Swift cannot call; the typed wrappers below call them through the table.
#ifndef NEWSMENU_CCURL_SHIM_H
#define NEWSMENU_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

typedef size_t (*newsmenu_curl_write_callback)(char *data, size_t size, size_t count, void *context);

/// The libcurl functions NewsFetch calls, resolved from the loaded library. _Nonnull:
/// `newsmenu_curl_load` fills every entry or fails, so Swift calls them without unwrapping.
struct newsmenu_curl_api {
    CURLcode (*_Nonnull global_init)(long flags);
    void (*_Nonnull global_cleanup)(void);
    CURL *(*_Nonnull easy_init)(void);
    void (*_Nonnull easy_cleanup)(CURL *handle);
    const char *(*_Nonnull easy_strerror)(CURLcode code);
    CURLcode (*_Nonnull easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*_Nonnull easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLM *(*_Nonnull multi_init)(void);
    CURLMcode (*_Nonnull multi_cleanup)(CURLM *multi);
    CURLMcode (*_Nonnull multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*_Nonnull multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*_Nonnull multi_perform)(CURLM *multi, int *running);
    CURLMcode (*_Nonnull multi_poll)(CURLM *multi, struct curl_waitfd *extra, unsigned int count,
                                    int timeout_ms, int *ret);
    CURLMsg *(*_Nonnull multi_info_read)(CURLM *multi, int *queued);
    CURLMcode (*_Nonnull multi_wakeup)(CURLM *multi);
    const char *(*_Nonnull multi_strerror)(CURLMcode code);
    struct curl_slist *(*_Nonnull slist_append)(struct curl_slist *list, const char *text);
    void (*_Nonnull slist_free_all)(struct curl_slist *list);
};

/// Opens `library` and fills `api` from it. Returns the dlopen handle, or NULL with
/// dlerror()'s text copied into `error` (copied: dlclose frees dlerror()'s buffer).
/// RTLD_LOCAL keeps libcurl's symbols out of the global namespace; RTLD_NOW reports a
/// missing symbol here rather than at the first call.
static inline void *newsmenu_curl_load(const char *library, struct newsmenu_curl_api *api,
                                       char *error, size_t error_capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, error_capacity, "%s", dlerror());
        return NULL;
    }
#define NEWSMENU_CURL_RESOLVE(field, name)                    \
    {                                                         \
        void *symbol = dlsym(handle, #name);                  \
        if (symbol == NULL) {                                 \
            snprintf(error, error_capacity, "%s", dlerror()); \
            dlclose(handle);                                  \
            return NULL;                                      \
        }                                                     \
        *(void **)&api->field = symbol;                       \
    }
    NEWSMENU_CURL_RESOLVE(global_init, curl_global_init)
    NEWSMENU_CURL_RESOLVE(global_cleanup, curl_global_cleanup)
    NEWSMENU_CURL_RESOLVE(easy_init, curl_easy_init)
    NEWSMENU_CURL_RESOLVE(easy_cleanup, curl_easy_cleanup)
    NEWSMENU_CURL_RESOLVE(easy_strerror, curl_easy_strerror)
    NEWSMENU_CURL_RESOLVE(easy_setopt, curl_easy_setopt)
    NEWSMENU_CURL_RESOLVE(easy_getinfo, curl_easy_getinfo)
    NEWSMENU_CURL_RESOLVE(multi_init, curl_multi_init)
    NEWSMENU_CURL_RESOLVE(multi_cleanup, curl_multi_cleanup)
    NEWSMENU_CURL_RESOLVE(multi_add_handle, curl_multi_add_handle)
    NEWSMENU_CURL_RESOLVE(multi_remove_handle, curl_multi_remove_handle)
    NEWSMENU_CURL_RESOLVE(multi_perform, curl_multi_perform)
    NEWSMENU_CURL_RESOLVE(multi_poll, curl_multi_poll)
    NEWSMENU_CURL_RESOLVE(multi_info_read, curl_multi_info_read)
    NEWSMENU_CURL_RESOLVE(multi_wakeup, curl_multi_wakeup)
    NEWSMENU_CURL_RESOLVE(multi_strerror, curl_multi_strerror)
    NEWSMENU_CURL_RESOLVE(slist_append, curl_slist_append)
    NEWSMENU_CURL_RESOLVE(slist_free_all, curl_slist_free_all)
#undef NEWSMENU_CURL_RESOLVE
    return handle;
}

static inline CURLcode newsmenu_curl_setopt_long(const struct newsmenu_curl_api *api, CURL *handle,
                                                 CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_offset(const struct newsmenu_curl_api *api, CURL *handle,
                                                   CURLoption option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_string(const struct newsmenu_curl_api *api, CURL *handle,
                                                   CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_pointer(const struct newsmenu_curl_api *api, CURL *handle,
                                                    CURLoption option, void *value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_slist(const struct newsmenu_curl_api *api, CURL *handle,
                                                  CURLoption option, struct curl_slist *value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode newsmenu_curl_setopt_write_function(const struct newsmenu_curl_api *api,
                                                           CURL *handle, CURLoption option,
                                                           newsmenu_curl_write_callback callback) {
    return api->easy_setopt(handle, option, callback);
}
static inline CURLcode newsmenu_curl_getinfo_long(const struct newsmenu_curl_api *api, CURL *handle,
                                                  CURLINFO info, long *value) {
    return api->easy_getinfo(handle, info, value);
}
static inline CURLcode newsmenu_curl_getinfo_offset(const struct newsmenu_curl_api *api, CURL *handle,
                                                    CURLINFO info, curl_off_t *value) {
    return api->easy_getinfo(handle, info, value);
}
static inline CURLcode newsmenu_curl_getinfo_string(const struct newsmenu_curl_api *api, CURL *handle,
                                                    CURLINFO info, char **value) {
    return api->easy_getinfo(handle, info, value);
}
#endif
