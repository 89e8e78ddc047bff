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
// debug information.
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
    uint32_t *scalars;
    int *offsets;
    /* The set of a document's trigrams: a slot holds a trigram of this document when its stamp
       is the document's. A new document takes the next stamp instead of clearing the table
       (clearing it was a memset of up to tens of KB per document). */
    uint64_t *seen;
    uint32_t *stamps;
    uint32_t stamp;
    size_t scalarCapacity;
    size_t seenCapacity;
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
    free(tokenizer->seen);
    free(tokenizer->stamps);
    free(tokenizer);
}

/* True for the scalars FTS5's folding leaves as they are and this file folds itself: ASCII
   but NUL (A–Z are folded by the caller), and blocks without case. */
static int isFoldedHere(uint32_t scalar) {
    return (scalar >= 0x01 && scalar <= 0x7F) || (scalar >= 0x2000 && scalar <= 0x206F)
        || (scalar >= 0x3000 && scalar <= 0x9FFF) || (scalar >= 0xAC00 && scalar <= 0xD7A3)
        || (scalar >= 0xF900 && scalar <= 0xFAFF);
}

/* Decodes `text` into the tokenizer's buffers, folded; the scalar count, or -1 when a scalar
   is not one folded here or the bytes are not UTF-8 (the caller then uses FTS5's tokenizer). */
static int decode(TrigramTokenizer *tokenizer, const unsigned char *text, int length) {
    if ((size_t)length + 1 > tokenizer->scalarCapacity) {
        size_t capacity = (size_t)length + 1;
        uint32_t *scalars = realloc(tokenizer->scalars, capacity * sizeof *scalars);
        if (scalars == NULL) return -1;
        tokenizer->scalars = scalars;
        int *offsets = realloc(tokenizer->offsets, capacity * sizeof *offsets);
        if (offsets == NULL) return -1;
        tokenizer->offsets = offsets;
        tokenizer->scalarCapacity = capacity;
    }
    int count = 0;
    int index = 0;
    while (index < length) {
        uint32_t byte = text[index];
        uint32_t scalar;
        int size;
        if (byte < 0x80) {
            scalar = byte >= 'A' && byte <= 'Z' ? byte + ('a' - 'A') : byte;
            size = 1;
        } else if (byte >= 0xE0 && byte < 0xF0) {
            /* Every block folded here beyond ASCII is in the three-byte range. */
            if (index + 2 >= length || (text[index + 1] & 0xC0) != 0x80 || (text[index + 2] & 0xC0) != 0x80) return -1;
            scalar = (byte & 0x0F) << 12 | (uint32_t)(text[index + 1] & 0x3F) << 6 | (text[index + 2] & 0x3F);
            /* An overlong form of an ASCII byte is not UTF-8; FTS5 would read it otherwise. */
            if (scalar < 0x800) return -1;
            size = 3;
        } else {
            return -1;
        }
        if (!isFoldedHere(scalar)) return -1;
        tokenizer->scalars[count] = scalar;
        tokenizer->offsets[count] = index;
        count += 1;
        index += size;
    }
    tokenizer->offsets[count] = index;
    return count;
}

static int appendUTF8(char *out, uint32_t scalar) {
    if (scalar < 0x80) {
        out[0] = (char)scalar;
        return 1;
    }
    out[0] = (char)(0xE0 | scalar >> 12);
    out[1] = (char)(0x80 | (scalar >> 6 & 0x3F));
    out[2] = (char)(0x80 | (scalar & 0x3F));
    return 3;
}

/* Hands `xToken` each distinct trigram of the decoded scalars once, in the order they first
   occur. The set is an open-addressing table of the three scalars packed into 63 bits. */
static int emitDistinct(TrigramTokenizer *tokenizer, int count, void *context, TokenCallback xToken) {
    if (count < 3) return SQLITE_OK;
    size_t capacity = 64;
    while (capacity < (size_t)count * 2) capacity *= 2;
    if (capacity > tokenizer->seenCapacity) {
        /* Grown tables start empty: every stamp 0, which no document has. */
        free(tokenizer->seen);
        free(tokenizer->stamps);
        tokenizer->seen = malloc(capacity * sizeof *tokenizer->seen);
        tokenizer->stamps = calloc(capacity, sizeof *tokenizer->stamps);
        if (tokenizer->seen == NULL || tokenizer->stamps == NULL) {
            free(tokenizer->seen);
            free(tokenizer->stamps);
            tokenizer->seen = NULL;
            tokenizer->stamps = NULL;
            tokenizer->seenCapacity = 0;
            return SQLITE_NOMEM;
        }
        tokenizer->seenCapacity = capacity;
        tokenizer->stamp = 0;
    }
    /* The slots used are the first `capacity`; a table larger than that (kept from a longer
       document) has stale stamps beyond it, never looked at. After 2^32 - 1 documents the
       stamps start again from a cleared table. */
    if (tokenizer->stamp == UINT32_MAX) {
        memset(tokenizer->stamps, 0, tokenizer->seenCapacity * sizeof *tokenizer->stamps);
        tokenizer->stamp = 0;
    }
    uint32_t stamp = ++tokenizer->stamp;
    uint64_t *seen = tokenizer->seen;
    uint32_t *stamps = tokenizer->stamps;
    const uint32_t *scalars = tokenizer->scalars;
    for (int start = 0; start + 2 < count; start++) {
        uint64_t key = (uint64_t)scalars[start] | (uint64_t)scalars[start + 1] << 21 | (uint64_t)scalars[start + 2] << 42;
        size_t slot = (size_t)(((key + 1) * 0x9E3779B97F4A7C15ull) >> 32) & (capacity - 1);
        while (stamps[slot] == stamp && seen[slot] != key) slot = (slot + 1) & (capacity - 1);
        if (stamps[slot] == stamp) continue;
        stamps[slot] = stamp;
        seen[slot] = key;
        char token[9];
        int size = appendUTF8(token, scalars[start]);
        size += appendUTF8(token + size, scalars[start + 1]);
        size += appendUTF8(token + size, scalars[start + 2]);
        int status = xToken(context, 0, token, size, tokenizer->offsets[start], tokenizer->offsets[start + 3]);
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
