// libxml2 for Swift, loaded at run time. newsmenu does not link libxml2: loading it and what
// it depends on (ICU, liblzma, zlib) cost about 2 ms of every command's start, and only the
// commands that read XML (fetch, parse, add, import) use it. So the libxml2 headers give
// the types and constants, and the functions are reached through one table that
// XML2Library.c fills with dlopen/dlsym on first use.
#ifndef NEWSMENU_CXML2_H
#define NEWSMENU_CXML2_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so encoding.h would pull in the system's <unicode/*.h>,
// whose UErrorCode clashes with the copy Foundation bundles (_FoundationICU) and breaks any
// module importing both. Swift only ever holds xmlCharEncodingHandler by pointer, so hiding
// the two ICU-only fields at its end changes nothing it can see.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/uri.h>
#include <stddef.h>

/// The libxml2 functions newsmenu calls. _Nonnull: a table is only ever handed out whole.
struct newsmenu_xml2_api {
    void (*_Nonnull init_parser)(void);
    void (*_Nonnull set_external_entity_loader)(xmlExternalEntityLoader _Nullable loader);
    xmlParserCtxtPtr _Nullable (*_Nonnull create_push_parser)(
        xmlSAXHandlerPtr _Nullable sax, void *_Nullable user_data, const char *_Nullable chunk, int size,
        const char *_Nullable filename);
    int (*_Nonnull use_options)(xmlParserCtxtPtr _Nonnull context, int options);
    int (*_Nonnull parse_chunk)(xmlParserCtxtPtr _Nonnull context, const char *_Nullable chunk, int size,
                                int terminate);
    void (*_Nonnull stop_parser)(xmlParserCtxtPtr _Nonnull context);
    long (*_Nonnull byte_consumed)(xmlParserCtxtPtr _Nonnull context);
    void (*_Nonnull free_parser)(xmlParserCtxtPtr _Nonnull context);
    void (*_Nonnull free_doc)(xmlDocPtr _Nonnull document);
    xmlTextReaderPtr _Nullable (*_Nonnull reader_for_memory)(
        const char *_Nullable buffer, int size, const char *_Nullable url, const char *_Nullable encoding,
        int options);
    void (*_Nonnull free_reader)(xmlTextReaderPtr _Nonnull reader);
    int (*_Nonnull reader_read)(xmlTextReaderPtr _Nonnull reader);
    int (*_Nonnull reader_node_type)(xmlTextReaderPtr _Nonnull reader);
    const xmlChar *_Nullable (*_Nonnull reader_local_name)(xmlTextReaderPtr _Nonnull reader);
    const xmlChar *_Nullable (*_Nonnull reader_namespace_uri)(xmlTextReaderPtr _Nonnull reader);
    const xmlChar *_Nullable (*_Nonnull reader_value)(xmlTextReaderPtr _Nonnull reader);
    int (*_Nonnull reader_is_empty_element)(xmlTextReaderPtr _Nonnull reader);
    int (*_Nonnull reader_next_attribute)(xmlTextReaderPtr _Nonnull reader);
    int (*_Nonnull reader_to_element)(xmlTextReaderPtr _Nonnull reader);
    const xmlError *_Nullable (*_Nonnull last_error)(void);
};

/// The process's libxml2, loaded from libxml2.so.2 and initialised (xmlInitParser, and an
/// external-entity loader that refuses everything) exactly once, on the first call from
/// any thread. NULL when it cannot be loaded; newsmenu_xml2_error() then says why.
const struct newsmenu_xml2_api *_Nullable newsmenu_xml2(void);

/// Why newsmenu_xml2() returned NULL (dlerror's words), or "" when it did not.
const char *_Nonnull newsmenu_xml2_error(void);

/// Loads `library` into `api` without initialising it, for tests of a library that is
/// missing or lacks a function. Returns 0, or -1 with the reason in `error`.
int newsmenu_xml2_load(const char *_Nonnull library, struct newsmenu_xml2_api *_Nonnull api,
                       char *_Nonnull error, size_t error_capacity);
#endif
