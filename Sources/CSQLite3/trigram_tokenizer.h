#ifndef NEWSMENU_TRIGRAM_TOKENIZER_H
#define NEWSMENU_TRIGRAM_TOKENIZER_H
// A tokenizer registered as "trigram" on newsmenu's connections, giving FTS5 the very tokens
// its own trigram tokenizer gives (so the index on disk is the one SQLite would write, and any
// SQLite can read it), for two thirds of the work when a document is indexed (a cold fetch of
// 500 feeds: FTS5's inserts 1.10 G → 0.74 G instructions).
//
// FTS5's tokenizer decodes and case-folds every character three times (once in each trigram it
// stands in) and hands FTS5 every trigram, a third of which repeat within an article; FTS5
// then hashes each into its pending index, where for a table with detail=none a repeat for the
// same row adds nothing. Here each character of a document is decoded and folded once, and
// each distinct trigram of the document is handed over once. Two things are not the same:
// FTS5's running count of tokens per column (kept for bm25, which newsmenu does not use)
// counts the distinct trigrams only, and the offsets are not asked for (detail=none).
//
// Folding stays exactly FTS5's (sqlite3Fts5UnicodeFold, not exported) by being done here only
// where it is known: ASCII (A–Z to a–z) and blocks in which nothing has case (general
// punctuation, CJK symbols, kana, CJK ideographs, hangul, CJK compatibility ideographs). A
// document holding any other character, a NUL or a byte that is not UTF-8 is given to FTS5's
// own tokenizer whole, as are queries. The tests compare the two over every character of
// these blocks.
//
// Static functions in a header of the SQLite module rather than a C target of its own: with
// such a target, valgrind 3.19 (the benchmarks' profiler) gave up reading the executable's
// debug information. SwiftPM does not track the headers of a system-library module: after
// editing this file, touch Sources/NewsStore/Database.swift (which includes it) or build
// afresh, or the next build and test run still use the previous tokenizer.
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int (*TokenCallback)(void *, int, const char *, int, int, int);

/* FTS5's own trigram tokenizer on this connection, found before this one took its name. */
typedef struct {
    fts5_tokenizer builtin;
    void *builtinContext;
} TrigramModule;

/* One table's tokenizer: FTS5's own (for queries, arguments and other documents), and the
   buffers a document is decoded into, kept from one document to the next. */
typedef struct {
    Fts5Tokenizer *builtin;
    TrigramModule *module;
    int hasArguments;
    /* The document's characters (`scalars`), where each starts (`offsets`, one more for the
       end), and its bytes folded (`folded`: only A–Z change, so a trigram's token is the
       folded bytes from its first character's offset to its fourth's). */
    uint16_t *scalars;
    int *offsets;
    char *folded;
    size_t capacity;
    /* The set of a document's trigrams, open addressing: a slot holds the three characters
       (16 bits each: every character folded here is below U+10000) and, in the top 16 bits,
       the stamp of the document that put it there. A new document takes the next stamp
       instead of clearing the table (a memset of up to tens of KB per document); a slot
       whose stamp is another's is empty. */
    uint64_t *seen;
    size_t seenCapacity;
    uint64_t stamp;
} TrigramTokenizer;

static int trigramCreate(void *context, const char **arguments, int argumentCount, Fts5Tokenizer **out) {
    TrigramModule *module = context;
    TrigramTokenizer *tokenizer = calloc(1, sizeof *tokenizer);
    if (tokenizer == NULL) return SQLITE_NOMEM;
    int status = module->builtin.xCreate(module->builtinContext, arguments, argumentCount, &tokenizer->builtin);
    if (status != SQLITE_OK) {
        free(tokenizer);
        return status;
    }
    tokenizer->module = module;
    /* case_sensitive 1 keeps case: only the default (folding) is done here. */
    tokenizer->hasArguments = argumentCount > 0;
    *out = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

static void trigramDelete(Fts5Tokenizer *handle) {
    TrigramTokenizer *tokenizer = (TrigramTokenizer *)handle;
    tokenizer->module->builtin.xDelete(tokenizer->builtin);
    free(tokenizer->scalars);
    free(tokenizer->offsets);
    free(tokenizer->folded);
    free(tokenizer->seen);
    free(tokenizer);
}

/* True for the scalars FTS5's folding leaves as they are and this file folds itself: ASCII
   but NUL (A–Z are folded by the caller), and blocks without case. All are below U+10000. */
static int isFoldedHere(uint32_t scalar) {
    return (scalar >= 0x01 && scalar <= 0x7F) || (scalar >= 0x2000 && scalar <= 0x206F)
        || (scalar >= 0x3000 && scalar <= 0x9FFF) || (scalar >= 0xAC00 && scalar <= 0xD7A3)
        || (scalar >= 0xF900 && scalar <= 0xFAFF);
}

/* Makes room for a document of `length` bytes. */
static int reserve(TrigramTokenizer *tokenizer, size_t length) {
    if (length + 1 <= tokenizer->capacity) return 1;
    size_t capacity = length + 1;
    uint16_t *scalars = realloc(tokenizer->scalars, capacity * sizeof *scalars);
    if (scalars == NULL) return 0;
    tokenizer->scalars = scalars;
    int *offsets = realloc(tokenizer->offsets, capacity * sizeof *offsets);
    if (offsets == NULL) return 0;
    tokenizer->offsets = offsets;
    char *folded = realloc(tokenizer->folded, capacity);
    if (folded == NULL) return 0;
    tokenizer->folded = folded;
    tokenizer->capacity = capacity;
    return 1;
}

/* Decodes `text` into the tokenizer's buffers, folded; the scalar count, or -1 when a scalar
   is not one folded here or the bytes are not UTF-8 (the caller then uses FTS5's tokenizer). */
static int decode(TrigramTokenizer *tokenizer, const unsigned char *text, int length) {
    if (!reserve(tokenizer, (size_t)length)) return -1;
    uint16_t *scalars = tokenizer->scalars;
    int *offsets = tokenizer->offsets;
    char *folded = tokenizer->folded;
    int count = 0;
    int index = 0;
    while (index < length) {
        uint32_t byte = text[index];
        offsets[count] = index;
        if (byte < 0x80) {
            if (byte == 0) return -1;
            uint32_t lower = byte - 'A' < 26 ? byte + ('a' - 'A') : byte;
            scalars[count++] = (uint16_t)lower;
            folded[index++] = (char)lower;
        } else if (byte >= 0xE0 && byte < 0xF0) {
            /* Every block folded here beyond ASCII is in the three-byte range. */
            if (index + 2 >= length || (text[index + 1] & 0xC0) != 0x80 || (text[index + 2] & 0xC0) != 0x80) return -1;
            uint32_t scalar = (byte & 0x0F) << 12 | (uint32_t)(text[index + 1] & 0x3F) << 6 | (text[index + 2] & 0x3F);
            /* An overlong form (below U+0800) is not UTF-8; FTS5 would read it otherwise. */
            if (scalar < 0x2000 || !isFoldedHere(scalar)) return -1;
            scalars[count++] = (uint16_t)scalar;
            memcpy(folded + index, text + index, 3);
            index += 3;
        } else {
            return -1;
        }
    }
    offsets[count] = index;
    return count;
}

/* Hands `xToken` each distinct trigram of the decoded scalars once, in the order they first
   occur. */
static int emitDistinct(TrigramTokenizer *tokenizer, int count, void *context, TokenCallback xToken) {
    if (count < 3) return SQLITE_OK;
    size_t capacity = 64;
    while (capacity < (size_t)count * 2) capacity *= 2;
    if (capacity > tokenizer->seenCapacity) {
        /* A grown table starts empty: every slot 0, whose stamp no document has. */
        free(tokenizer->seen);
        tokenizer->seen = calloc(capacity, sizeof *tokenizer->seen);
        tokenizer->seenCapacity = tokenizer->seen == NULL ? 0 : capacity;
        if (tokenizer->seen == NULL) return SQLITE_NOMEM;
    }
    /* The slots used are the first `capacity`; a table larger than that (kept from a longer
       document) has stale stamps beyond it, never looked at. After 65,535 documents the
       stamps start again from a cleared table. */
    if (tokenizer->stamp == 0xFFFF) {
        memset(tokenizer->seen, 0, tokenizer->seenCapacity * sizeof *tokenizer->seen);
        tokenizer->stamp = 0;
    }
    uint64_t stamp = ++tokenizer->stamp << 48;
    uint64_t *seen = tokenizer->seen;
    size_t mask = capacity - 1;
    const uint16_t *scalars = tokenizer->scalars;
    const int *offsets = tokenizer->offsets;
    const char *folded = tokenizer->folded;
    uint64_t key = (uint64_t)scalars[0] << 16 | (uint64_t)scalars[1] << 32;
    for (int start = 0; start + 2 < count; start++) {
        key = key >> 16 | (uint64_t)scalars[start + 2] << 32;
        uint64_t entry = stamp | key;
        size_t slot = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
        while ((seen[slot] & 0xFFFF000000000000ull) == stamp && seen[slot] != entry) slot = (slot + 1) & mask;
        if (seen[slot] == entry) continue;
        seen[slot] = entry;
        int status = xToken(context, 0, folded + offsets[start], offsets[start + 3] - offsets[start],
                            offsets[start], offsets[start + 3]);
        if (status != SQLITE_OK) return status;
    }
    return SQLITE_OK;
}

static int trigramTokenize(Fts5Tokenizer *handle, void *context, int flags, const char *text, int length,
                           TokenCallback xToken) {
    TrigramTokenizer *tokenizer = (TrigramTokenizer *)handle;
    if (flags == FTS5_TOKENIZE_DOCUMENT && !tokenizer->hasArguments) {
        int count = decode(tokenizer, (const unsigned char *)text, length);
        if (count >= 0) return emitDistinct(tokenizer, count, context, xToken);
    }
    return tokenizer->module->builtin.xTokenize(tokenizer->builtin, context, flags, text, length, xToken);
}

static fts5_api *fts5Interface(sqlite3 *db) {
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

/* Registers, on this connection, a tokenizer named "trigram" in place of FTS5's own, which
   gives FTS5 the same tokens for every text: only the work differs. Call once per connection,
   before it uses a trigram table. Returns an SQLite status. */
static inline int newsmenu_register_trigram_tokenizer(sqlite3 *db) {
    fts5_api *api = fts5Interface(db);
    if (api == NULL || api->iVersion < 2) return SQLITE_ERROR;
    TrigramModule *module = calloc(1, sizeof *module);
    if (module == NULL) return SQLITE_NOMEM;
    int status = api->xFindTokenizer(api, "trigram", &module->builtinContext, &module->builtin);
    if (status != SQLITE_OK) {
        free(module);
        return status;
    }
    fts5_tokenizer methods = {trigramCreate, trigramDelete, trigramTokenize};
    return api->xCreateTokenizer(api, "trigram", module, &methods, free);
}
#endif
