// SQLite for Swift. SQLITE_TRANSIENT is a macro casting -1 to a function pointer,
// which Swift cannot import; this shim names it, and wraps the variadic calls used.
#ifndef NEWSMENU_CSQLITE3_SHIM_H
#define NEWSMENU_CSQLITE3_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type newsmenu_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/* sqlite3_db_config is variadic, which Swift cannot call. Keeps the write-ahead log when
   the connection closes instead of checkpointing it (two fsyncs on every run that wrote). */
static inline int newsmenu_sqlite_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/* sqlite3_config is variadic too. Turns off SQLite's memory statistics, which take a global
   mutex on every allocation: with the search index written on a second thread the two
   writing threads queued on it. Must run before SQLite initializes (the first open). */
static inline int newsmenu_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
