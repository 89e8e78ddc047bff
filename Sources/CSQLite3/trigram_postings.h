#ifndef NEWSMENU_TRIGRAM_POSTINGS_H
#define NEWSMENU_TRIGRAM_POSTINGS_H
// The search index's postings while an index transaction gathers them: for each distinct
// trigram (three Unicode scalars) of the documents added, the ids of the articles holding
// it, delta-encoded as they arrive. `SearchPostings` writes them out as one segment.
//
// It replaces FTS5's tokenizer and pending-terms hash (590 M instructions for the 1.45 M
// postings of a cold fetch of 500 feeds, against 260 M here: a division per lookup, an entry
// spread over the heap, its own size varints): here a lookup is a multiply and a masked
// probe of one array, the de-duplication of a document's
// repeated trigrams is the same probe (the slot's last id), and a posting is one to three
// bytes appended.
//
// Text is folded here only where that is known to be exact: ASCII (A–Z to a–z) and scalars
// of blocks without case (general punctuation, CJK symbols, kana, CJK ideographs, hangul,
// CJK compatibility ideographs, the supplementary ideographic planes). A document with any
// other scalar, or bytes that are not UTF-8, is refused (`add` returns 0): the caller
// lowercases it (`CaseFolding`, as the search's own check does) and adds it as folded.
//
// Static functions in a header of the SQLite module rather than a C target of its own: with
// such a target, valgrind 3.19 (the benchmarks' profiler) gave up reading the executable's
// debug information. SwiftPM does not track the headers of a system-library module: after
// editing this file, touch Sources/NewsStore/Database.swift or build afresh, or the next
// build and test run still use the previous code.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    /* Three scalars of 21 bits and bit 63 set, so that no key is 0 (an empty slot). */
    uint64_t key;
    int64_t last;
    uint8_t *bytes;
    uint32_t length;
    uint32_t capacity;
    /* How many ids the bytes hold. */
    uint32_t count;
    /* Every id came after the one before it: the bytes are the list as it is written. */
    int ascending;
    /* When not `ascending`: the bytes up to here are deltas, from here on ids. */
    uint32_t idsFrom;
} NewsmenuPostingList;

/* A slot of the lookup table: a list's key (0 for an empty slot) and the last id added to it,
   so that a probe, and the repeats of a trigram within a document, touch one cache line
   and not the list: with the last id read from the list (hundreds of KB of lists for a
   cold fetch), that load was a fifth of this file's samples in a profile of one. */
typedef struct {
    uint64_t key;
    int64_t last;
} NewsmenuPostingSlot;

typedef struct {
    /* Open addressing: the slots, and beside them the index of each slot's list. */
    NewsmenuPostingSlot *slotEntries;
    uint32_t *slots;
    size_t slotCount;
    NewsmenuPostingList *lists;
    size_t listCount;
    size_t listCapacity;
    size_t postings;
    uint32_t *scalars;
    size_t scalarCapacity;
} NewsmenuPostings;

static inline NewsmenuPostings *newsmenu_postings_create(void) {
    return calloc(1, sizeof(NewsmenuPostings));
}

/* Forgets every list, keeping the memory of the tables for the next segment. `postings` counts
   what was added: an article added again out of order counts twice until its list is read. */
static inline void newsmenu_postings_clear(NewsmenuPostings *postings) {
    for (size_t index = 0; index < postings->listCount; index++) free(postings->lists[index].bytes);
    postings->listCount = 0;
    postings->postings = 0;
    if (postings->slotEntries != NULL) memset(postings->slotEntries, 0, postings->slotCount * sizeof *postings->slotEntries);
}

static inline void newsmenu_postings_destroy(NewsmenuPostings *postings) {
    if (postings == NULL) return;
    newsmenu_postings_clear(postings);
    free(postings->slotEntries);
    free(postings->slots);
    free(postings->lists);
    free(postings->scalars);
    free(postings);
}

static inline size_t newsmenu_postings_list_count(const NewsmenuPostings *postings) { return postings->listCount; }
static inline size_t newsmenu_postings_count(const NewsmenuPostings *postings) { return postings->postings; }

static inline size_t postingsSlot(uint64_t key, size_t mask) {
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

/* Doubles the slots (or makes the first 16,384), placing every list again. */
static int postingsGrowSlots(NewsmenuPostings *postings) {
    size_t count = postings->slotCount == 0 ? 16384 : postings->slotCount * 2;
    NewsmenuPostingSlot *entries = calloc(count, sizeof *entries);
    uint32_t *slots = malloc(count * sizeof *slots);
    if (entries == NULL || slots == NULL) {
        free(entries);
        free(slots);
        return 0;
    }
    size_t mask = count - 1;
    for (size_t index = 0; index < postings->listCount; index++) {
        const NewsmenuPostingList *list = &postings->lists[index];
        size_t slot = postingsSlot(list->key, mask);
        while (entries[slot].key != 0) slot = (slot + 1) & mask;
        entries[slot].key = list->key;
        entries[slot].last = list->last;
        slots[slot] = (uint32_t)index;
    }
    free(postings->slotEntries);
    free(postings->slots);
    postings->slotEntries = entries;
    postings->slots = slots;
    postings->slotCount = count;
    return 1;
}

static int postingsAppendVarint(NewsmenuPostingList *list, uint64_t value) {
    if (list->length + 10 > list->capacity) {
        uint32_t capacity = list->capacity == 0 ? 16 : list->capacity * 2;
        uint8_t *bytes = realloc(list->bytes, capacity);
        if (bytes == NULL) return 0;
        list->bytes = bytes;
        list->capacity = capacity;
    }
    while (value >= 0x80) {
        list->bytes[list->length++] = (uint8_t)(value | 0x80);
        value >>= 7;
    }
    list->bytes[list->length++] = (uint8_t)value;
    return 1;
}

/* Adds `article` to the list of `key`, once however often the document repeats it. */
static int postingsAdd(NewsmenuPostings *postings, uint64_t key, int64_t article) {
    if ((postings->listCount + 1) * 2 > postings->slotCount && !postingsGrowSlots(postings)) return 0;
    size_t mask = postings->slotCount - 1;
    size_t slot = postingsSlot(key, mask);
    NewsmenuPostingSlot *entries = postings->slotEntries;
    while (entries[slot].key != 0 && entries[slot].key != key) slot = (slot + 1) & mask;
    NewsmenuPostingSlot *entry = &entries[slot];
    if (entry->key == 0) {
        if (postings->listCount == postings->listCapacity) {
            size_t capacity = postings->listCapacity == 0 ? 4096 : postings->listCapacity * 2;
            NewsmenuPostingList *lists = realloc(postings->lists, capacity * sizeof *lists);
            if (lists == NULL) return 0;
            postings->lists = lists;
            postings->listCapacity = capacity;
        }
        NewsmenuPostingList *list = &postings->lists[postings->listCount];
        memset(list, 0, sizeof *list);
        list->key = key;
        list->ascending = 1;
        if (!postingsAppendVarint(list, (uint64_t)article)) return 0;
        list->last = article;
        list->count = 1;
        entry->key = key;
        entry->last = article;
        postings->slots[slot] = (uint32_t)postings->listCount++;
        postings->postings++;
        return 1;
    }
    if (entry->last == article) return 1;
    NewsmenuPostingList *list = &postings->lists[postings->slots[slot]];
    /* An article added again, older than one added since (changed after a newer one came):
       written as the id itself, and the list is sorted when it is written out. */
    if (article < list->last && list->ascending) {
        list->ascending = 0;
        list->idsFrom = list->length;
    }
    uint64_t value = list->ascending ? (uint64_t)(article - list->last) : (uint64_t)article;
    if (!postingsAppendVarint(list, value)) return 0;
    list->last = article;
    entry->last = article;
    list->count++;
    postings->postings++;
    return 1;
}

static int postingsIsFoldedHere(uint32_t scalar) {
    return (scalar >= 0x2000 && scalar <= 0x206F) || (scalar >= 0x3000 && scalar <= 0x9FFF)
        || (scalar >= 0xAC00 && scalar <= 0xD7A3) || (scalar >= 0xF900 && scalar <= 0xFAFF)
        || (scalar >= 0x20000 && scalar <= 0x3FFFF);
}

/* Adds every distinct trigram of the UTF-8 `text` to the lists of `article`. `folded`: the
   text is lowercased already, any scalar stands as it is. Returns 1, 0 when the text is not
   one folded here (not `folded` only), -1 when out of memory. */
static inline int newsmenu_postings_add(NewsmenuPostings *postings, const uint8_t *text, size_t length,
                                        int64_t article, int folded) {
    if (length + 1 > postings->scalarCapacity) {
        uint32_t *scalars = realloc(postings->scalars, (length + 1) * sizeof *scalars);
        if (scalars == NULL) return -1;
        postings->scalars = scalars;
        postings->scalarCapacity = length + 1;
    }
    uint32_t *scalars = postings->scalars;
    size_t count = 0;
    size_t index = 0;
    while (index < length) {
        uint32_t byte = text[index];
        uint32_t scalar;
        if (byte < 0x80) {
            scalar = byte - 'A' < 26 ? byte + ('a' - 'A') : byte;
            index += 1;
        } else if (byte >= 0xC2 && byte < 0xE0 && index + 1 < length && (text[index + 1] & 0xC0) == 0x80) {
            scalar = (byte & 0x1F) << 6 | (text[index + 1] & 0x3F);
            index += 2;
        } else if (byte >= 0xE0 && byte < 0xF0 && index + 2 < length && (text[index + 1] & 0xC0) == 0x80
                   && (text[index + 2] & 0xC0) == 0x80) {
            scalar = (byte & 0x0F) << 12 | (uint32_t)(text[index + 1] & 0x3F) << 6 | (text[index + 2] & 0x3F);
            if (scalar < 0x800 || (scalar >= 0xD800 && scalar <= 0xDFFF)) return folded ? -1 : 0;
            index += 3;
        } else if (byte >= 0xF0 && byte < 0xF5 && index + 3 < length && (text[index + 1] & 0xC0) == 0x80
                   && (text[index + 2] & 0xC0) == 0x80 && (text[index + 3] & 0xC0) == 0x80) {
            scalar = (byte & 0x07) << 18 | (uint32_t)(text[index + 1] & 0x3F) << 12
                | (uint32_t)(text[index + 2] & 0x3F) << 6 | (text[index + 3] & 0x3F);
            if (scalar < 0x10000 || scalar > 0x10FFFF) return folded ? -1 : 0;
            index += 4;
        } else {
            return folded ? -1 : 0;
        }
        if (!folded && scalar >= 0x80 && !postingsIsFoldedHere(scalar)) return 0;
        scalars[count++] = scalar;
    }
    if (count < 3) return 1;
    const uint64_t present = 1ull << 63;
    uint64_t key = (uint64_t)scalars[0] << 21 | scalars[1];
    for (size_t start = 0; start + 2 < count; start++) {
        key = (key << 21 | scalars[start + 2]) & ((1ull << 63) - 1);
        if (!postingsAdd(postings, key | present, article)) return -1;
    }
    return 1;
}

static size_t postingsEncodeUTF8(uint32_t scalar, uint8_t *out) {
    if (scalar < 0x80) {
        out[0] = (uint8_t)scalar;
        return 1;
    }
    if (scalar < 0x800) {
        out[0] = (uint8_t)(0xC0 | scalar >> 6);
        out[1] = (uint8_t)(0x80 | (scalar & 0x3F));
        return 2;
    }
    if (scalar < 0x10000) {
        out[0] = (uint8_t)(0xE0 | scalar >> 12);
        out[1] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
        out[2] = (uint8_t)(0x80 | (scalar & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | scalar >> 18);
    out[1] = (uint8_t)(0x80 | (scalar >> 12 & 0x3F));
    out[2] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
    out[3] = (uint8_t)(0x80 | (scalar & 0x3F));
    return 4;
}

static int postingsCompareKeys(const void *left, const void *right) {
    uint64_t a = ((const NewsmenuPostingList *)left)->key, b = ((const NewsmenuPostingList *)right)->key;
    return a < b ? -1 : a > b;
}

static int postingsCompareIDs(const void *left, const void *right) {
    int64_t a = *(const int64_t *)left, b = *(const int64_t *)right;
    return a < b ? -1 : a > b;
}

/* Puts the lists in the order of their trigrams' UTF-8 bytes (which is the order of their
   scalars), the order the segment is written in. The lookup slots no longer apply: call
   only before reading the lists out, then `clear`. */
static inline void newsmenu_postings_sort(NewsmenuPostings *postings) {
    qsort(postings->lists, postings->listCount, sizeof *postings->lists, postingsCompareKeys);
}

/* Rewrites a list whose ids did not all come in order as ascending deltas, each id once. */
static int postingsNormalize(NewsmenuPostingList *list) {
    size_t capacity = list->length;
    int64_t *ids = malloc(capacity * sizeof *ids);
    if (ids == NULL) return 0;
    size_t count = 0;
    int64_t previous = 0;
    for (uint32_t index = 0; index < list->length;) {
        int deltas = index < list->idsFrom;
        uint64_t value = 0;
        int shift = 0;
        while (list->bytes[index] & 0x80) {
            value |= (uint64_t)(list->bytes[index++] & 0x7F) << shift;
            shift += 7;
        }
        value |= (uint64_t)list->bytes[index++] << shift;
        int64_t id = deltas ? previous + (int64_t)value : (int64_t)value;
        ids[count++] = id;
        previous = id;
    }
    qsort(ids, count, sizeof *ids, postingsCompareIDs);
    list->length = 0;
    list->count = 0;
    previous = 0;
    for (size_t index = 0; index < count; index++) {
        if (index > 0 && ids[index] == previous) continue;
        list->count++;
        if (!postingsAppendVarint(list, (uint64_t)(ids[index] - previous))) {
            free(ids);
            return 0;
        }
        previous = ids[index];
    }
    free(ids);
    list->ascending = 1;
    return 1;
}

/* The `index`th list: its trigram's UTF-8 in `key` (room for 12 bytes; the length is
   returned in `keyLength`) and its `count` ids, ascending, as varint deltas. 0 when out of
   memory. */
static inline int newsmenu_postings_list(NewsmenuPostings *postings, size_t index, uint8_t *key, int *keyLength,
                                         const uint8_t **bytes, int *length, int *count) {
    NewsmenuPostingList *list = &postings->lists[index];
    if (!list->ascending && !postingsNormalize(list)) return 0;
    uint64_t packed = list->key;
    size_t written = 0;
    written += postingsEncodeUTF8((uint32_t)(packed >> 42 & 0x1FFFFF), key + written);
    written += postingsEncodeUTF8((uint32_t)(packed >> 21 & 0x1FFFFF), key + written);
    written += postingsEncodeUTF8((uint32_t)(packed & 0x1FFFFF), key + written);
    *keyLength = (int)written;
    *bytes = list->bytes;
    *length = (int)list->length;
    *count = (int)list->count;
    return 1;
}
#endif
