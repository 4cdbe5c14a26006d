import RexAtomics

/// A word that threads read and change atomically, the same way on every platform (see
/// RexAtomics.h): what the turn flag, the persistence middleware's save check and a supervisor's
/// kept getter are made of.
///
/// Invariant: `place` is allocated and initialized by `init`, reached only through the atomic
/// operations below while the word lives, and freed once, by `deinit`: the word is not copyable,
/// so the compiler sees that no copy outlives or frees it, and reading it through its owner
/// retains nothing (a class here cost W2 52 instructions a turn in retains and releases). The
/// memory is the word's own, at a stable address, as atomics need.
@usableFromInline @frozen
package struct AtomicWord: ~Copyable, @unchecked Sendable {  // `place` is only ever read and written atomically
    @usableFromInline let place: UnsafeMutablePointer<Int>

    /// A word holding `value`.
    package init(_ value: Int) {
        place = .allocate(capacity: 1)
        place.initialize(to: value)
    }

    deinit {
        place.deinitialize(count: 1)
        place.deallocate()
    }

    /// The value, with no ordering.
    @inlinable
    package func loadRelaxed() -> Int {
        rex_atomic_load_relaxed(place)
    }

    /// The value, acquiring what the thread that stored it with `storeReleasing` or
    /// `exchangeReleasing` wrote before.
    @inlinable
    package func loadAcquiring() -> Int {
        rex_atomic_load_acquire(place)
    }

    /// The value, in the single order of the sequentially consistent operations.
    @inlinable
    package func loadSequentially() -> Int {
        rex_atomic_load_sequential(place)
    }

    /// Stores `value`, with no ordering.
    @inlinable
    package func storeRelaxed(_ value: Int) {
        rex_atomic_store_relaxed(place, value)
    }

    /// Stores `value`, releasing what this thread wrote before to an acquiring reader.
    @inlinable
    package func storeReleasing(_ value: Int) {
        rex_atomic_store_release(place, value)
    }

    /// Replaces `expected` with `desired` if the word holds `expected`, acquiring on success;
    /// returns whether it did.
    @inlinable
    package func exchangeAcquiring(expected: Int, desired: Int) -> Bool {
        rex_atomic_exchange_acquire(place, expected, desired)
    }

    /// Replaces `expected` with `desired` if the word holds `expected`, releasing what this
    /// thread wrote before to the thread that next acquires the word; returns whether it did.
    @inlinable
    package func exchangeReleasing(expected: Int, desired: Int) -> Bool {
        rex_atomic_exchange_release(place, expected, desired)
    }

    /// Replaces `expected` with `desired` if the word holds `expected`, sequentially consistent;
    /// returns whether it did.
    @inlinable
    package func exchangeSequentially(expected: Int, desired: Int) -> Bool {
        rex_atomic_exchange_sequential(place, expected, desired)
    }

    /// Adds `amount`, wrapping around, sequentially consistent.
    @inlinable
    package func addSequentially(_ amount: Int) {
        rex_atomic_add_sequential(place, amount)
    }

    /// Adds one and returns the new value, with no ordering: each caller gets a number no other
    /// caller gets.
    @inlinable
    package func incrementRelaxed() -> Int {
        rex_atomic_increment_relaxed(place)
    }
}
