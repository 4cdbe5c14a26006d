import RexAtomics

/// How the turn under way of a ``Recorder`` ends: a word the turn's `end` stores without the
/// recorder's lock, and the next turn or a reader loads under it.
///
/// Invariant: `place` is allocated and initialized (to ``underWay``) by `init`, read and written
/// only atomically while the mark lives (acquiring loads, releasing stores), and freed once, by
/// `deinit`: the mark is not copyable, so no copy outlives or frees it. It holds ``underWay``,
/// ``keepsState``, or an end tick, at least ``firstTick``. Sixty-four bits on every platform, as
/// ticks are (an `AtomicWord` is a word: 32 bits on some watches). Not `Sendable` itself: the
/// recorder that owns it shares it between threads, and its invariant says how.
@usableFromInline @frozen
struct TurnEndMark: ~Copyable {
    /// Under way; its `end` will store when it ended.
    @usableFromInline static let underWay: UInt64 = 0
    /// Under way, and the state after it is kept: its `end` takes the lock.
    @usableFromInline static let keepsState: UInt64 = 1
    /// A stored end is at least this (a counter reading below it is taken as it).
    @usableFromInline static let firstTick: UInt64 = 2

    @usableFromInline let place: UnsafeMutablePointer<UInt64>

    /// A mark saying ``underWay``.
    init() {
        place = .allocate(capacity: 1)
        place.initialize(to: Self.underWay)
    }

    deinit {
        place.deinitialize(count: 1)
        place.deallocate()
    }

    /// The mark, acquiring what the thread that stored it wrote before.
    @inlinable
    func load() -> UInt64 {
        rex_atomic_load_u64_acquire(place)
    }

    /// Stores `mark`, releasing what this thread wrote before to the thread that loads it.
    @inlinable
    func store(_ mark: UInt64) {
        rex_atomic_store_u64_release(place, mark)
    }
}
