// libxml2 for Swift. The reader and error APIs import as they are; nothing to wrap.
#ifndef NEWSMENU_CXML2_SHIM_H
#define NEWSMENU_CXML2_SHIM_H
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
#endif
