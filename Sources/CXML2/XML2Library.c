// Loads libxml2 with dlopen the first time a document is read, fills the one function table
// every reader uses, and initialises the library once for the whole process.
#include "CXML2.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct newsmenu_xml2_api loaded;
static const struct newsmenu_xml2_api *shared;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

int newsmenu_xml2_load(const char *library, struct newsmenu_xml2_api *api, char *error, size_t error_capacity) {
    // RTLD_LOCAL keeps libxml2's symbols out of the global namespace; RTLD_NOW reports a
    // missing symbol here rather than at the first call.
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, error_capacity, "%s", dlerror());
        return -1;
    }
#define NEWSMENU_XML2_RESOLVE(field, name)                    \
    {                                                         \
        void *symbol = dlsym(handle, #name);                  \
        if (symbol == NULL) {                                 \
            snprintf(error, error_capacity, "%s", dlerror()); \
            dlclose(handle);                                  \
            return -1;                                        \
        }                                                     \
        *(void **)&api->field = symbol;                       \
    }
    NEWSMENU_XML2_RESOLVE(init_parser, xmlInitParser)
    NEWSMENU_XML2_RESOLVE(set_external_entity_loader, xmlSetExternalEntityLoader)
    NEWSMENU_XML2_RESOLVE(create_push_parser, xmlCreatePushParserCtxt)
    NEWSMENU_XML2_RESOLVE(use_options, xmlCtxtUseOptions)
    NEWSMENU_XML2_RESOLVE(parse_chunk, xmlParseChunk)
    NEWSMENU_XML2_RESOLVE(stop_parser, xmlStopParser)
    NEWSMENU_XML2_RESOLVE(byte_consumed, xmlByteConsumed)
    NEWSMENU_XML2_RESOLVE(free_parser, xmlFreeParserCtxt)
    NEWSMENU_XML2_RESOLVE(free_doc, xmlFreeDoc)
    NEWSMENU_XML2_RESOLVE(reader_for_memory, xmlReaderForMemory)
    NEWSMENU_XML2_RESOLVE(free_reader, xmlFreeTextReader)
    NEWSMENU_XML2_RESOLVE(reader_read, xmlTextReaderRead)
    NEWSMENU_XML2_RESOLVE(reader_node_type, xmlTextReaderNodeType)
    NEWSMENU_XML2_RESOLVE(reader_local_name, xmlTextReaderConstLocalName)
    NEWSMENU_XML2_RESOLVE(reader_namespace_uri, xmlTextReaderConstNamespaceUri)
    NEWSMENU_XML2_RESOLVE(reader_value, xmlTextReaderConstValue)
    NEWSMENU_XML2_RESOLVE(reader_is_empty_element, xmlTextReaderIsEmptyElement)
    NEWSMENU_XML2_RESOLVE(reader_next_attribute, xmlTextReaderMoveToNextAttribute)
    NEWSMENU_XML2_RESOLVE(reader_to_element, xmlTextReaderMoveToElement)
    NEWSMENU_XML2_RESOLVE(last_error, xmlGetLastError)
#undef NEWSMENU_XML2_RESOLVE
    return 0;
}

/// Belt and braces: the SAX handler never asks for an external entity or DTD and
/// XML_PARSE_NONET forbids the network; this loader makes sure no file or URL is ever opened
/// even if some libxml2 path were to ask.
static xmlParserInputPtr refuse_external_entity(const char *url, const char *id, xmlParserCtxtPtr context) {
    (void)url;
    (void)id;
    (void)context;
    return NULL;
}

static void load_and_initialise(void) {
    if (newsmenu_xml2_load("libxml2.so.2", &loaded, load_error, sizeof load_error) != 0) return;
    // Once, before any parser exists, as libxml2 asks of threaded programs.
    loaded.init_parser();
    loaded.set_external_entity_loader(refuse_external_entity);
    shared = &loaded;
}

const struct newsmenu_xml2_api *newsmenu_xml2(void) {
    pthread_once(&load_once, load_and_initialise);
    return shared;
}

const char *newsmenu_xml2_error(void) {
    pthread_once(&load_once, load_and_initialise);
    return load_error;
}
