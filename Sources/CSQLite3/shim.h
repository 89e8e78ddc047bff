// SQLite for Swift. SQLITE_TRANSIENT is a macro casting -1 to a function pointer,
// which Swift cannot import; this shim names it.
#ifndef NEWSMENU_CSQLITE3_SHIM_H
#define NEWSMENU_CSQLITE3_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type newsmenu_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
