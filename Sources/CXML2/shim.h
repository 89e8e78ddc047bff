// libxml2 for Swift. The reader and error APIs import as they are; nothing to wrap.
#ifndef NEWSMENU_CXML2_SHIM_H
#define NEWSMENU_CXML2_SHIM_H
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/uri.h>
#endif
