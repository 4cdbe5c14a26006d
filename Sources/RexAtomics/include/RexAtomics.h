#ifndef REX_ATOMICS_H
#define REX_ATOMICS_H

#include <stdint.h>
#include <stdbool.h>

// The atomic operations Rex uses, on every platform: C11 atomics through the compiler's
// builtins, on memory that Swift code allocated and, once other threads may see it, reaches only
// through these functions (see AtomicWord.swift, the recorder's end mark, and a chunk node's count
// of owners, set before the node is shared). One mechanism for Linux and Apple systems alike,
// where `Synchronization.Atomic` needs macOS 15 and its peers; the thread sanitizer understands
// the builtins. Each is inline, so that Swift code calls no function to use it.

/// Reads a word, with no ordering.
static inline intptr_t rex_atomic_load_relaxed(const intptr_t *place) {
    return __atomic_load_n(place, __ATOMIC_RELAXED);
}

/// Reads a word, acquiring what the thread that stored it with release ordering wrote before.
static inline intptr_t rex_atomic_load_acquire(const intptr_t *place) {
    return __atomic_load_n(place, __ATOMIC_ACQUIRE);
}

/// Reads a word, in the single order of all sequentially consistent operations.
static inline intptr_t rex_atomic_load_sequential(const intptr_t *place) {
    return __atomic_load_n(place, __ATOMIC_SEQ_CST);
}

/// Stores a word, with no ordering.
static inline void rex_atomic_store_relaxed(intptr_t *place, intptr_t value) {
    __atomic_store_n(place, value, __ATOMIC_RELAXED);
}

/// Stores a word, releasing what this thread wrote before to an acquiring reader.
static inline void rex_atomic_store_release(intptr_t *place, intptr_t value) {
    __atomic_store_n(place, value, __ATOMIC_RELEASE);
}

/// Replaces `expected` with `desired` if the word holds `expected`, acquiring on success;
/// returns whether it did.
static inline bool rex_atomic_exchange_acquire(intptr_t *place, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(place, &expected, desired, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/// Replaces `expected` with `desired` if the word holds `expected`, releasing what this thread
/// wrote before to the thread that next acquires the word; returns whether it did.
static inline bool rex_atomic_exchange_release(intptr_t *place, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(place, &expected, desired, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

/// Replaces `expected` with `desired` if the word holds `expected`, sequentially consistent;
/// returns whether it did.
static inline bool rex_atomic_exchange_sequential(intptr_t *place, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(place, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/// Adds to a word, wrapping around, sequentially consistent.
static inline void rex_atomic_add_sequential(intptr_t *place, intptr_t amount) {
    (void)__atomic_fetch_add(place, amount, __ATOMIC_SEQ_CST);
}

/// Adds one to a word and returns the new value, with no ordering (a counter handing out numbers).
static inline intptr_t rex_atomic_increment_relaxed(intptr_t *place) {
    return __atomic_add_fetch(place, 1, __ATOMIC_RELAXED);
}

/// Takes one from a word and returns the new value, releasing what this thread wrote before and
/// acquiring what the threads that took one before wrote (a count of owners: the owner that
/// takes the last one sees every other owner's writes before it frees).
static inline intptr_t rex_atomic_decrement_acquiring_releasing(intptr_t *place) {
    return __atomic_sub_fetch(place, 1, __ATOMIC_ACQ_REL);
}

/// Reads a 64-bit word, acquiring (the recorder's end mark: a tick count).
static inline uint64_t rex_atomic_load_u64_acquire(const uint64_t *place) {
    return __atomic_load_n(place, __ATOMIC_ACQUIRE);
}

/// Stores a 64-bit word, releasing (the recorder's end mark).
static inline void rex_atomic_store_u64_release(uint64_t *place, uint64_t value) {
    __atomic_store_n(place, value, __ATOMIC_RELEASE);
}

/// Reads a 64-bit word, with no ordering (a change log's count of written changes).
static inline uint64_t rex_atomic_load_u64_relaxed(const uint64_t *place) {
    return __atomic_load_n(place, __ATOMIC_RELAXED);
}

/// Stores a 64-bit word, with no ordering (a change log's count, by the one array holding it).
static inline void rex_atomic_store_u64_relaxed(uint64_t *place, uint64_t value) {
    __atomic_store_n(place, value, __ATOMIC_RELAXED);
}

/// Compares and swaps: replaces `expected` with `desired` if the word holds `expected`, with no
/// ordering; returns whether it did (an array claiming the next slot of a change log it shares).
static inline bool rex_atomic_exchange_u64_relaxed(uint64_t *place, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(place, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/// An acquiring fence: after a relaxed load that read what another thread stored with release
/// ordering, what that thread wrote before its store is visible (a change log checked as held
/// alone: the reference count's check orders nothing on some platforms).
static inline void rex_atomic_fence_acquire(void) {
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
}

/// A full fence, sequentially consistent. What two threads need that each store one word, then
/// load the word the other stores: with this fence between each one's store and load, at least
/// one of them sees the other's store (without it, both may read the old values).
static inline void rex_atomic_fence_sequential(void) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#endif
