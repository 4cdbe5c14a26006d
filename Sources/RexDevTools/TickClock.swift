import Dispatch
import Foundation
import RexTicks

/// Makes readings of the processor's tick counter (`rex_ticks`) wall dates and durations.
///
/// A recorded turn reads the counter at each end: a few nanoseconds a read, where the system's
/// monotonic clock costs 20 to 30 on a Linux VM (and `Date()` more). How long a tick is, the
/// clock measures when steps are read, against the monotonic clock over the whole time since
/// the recorder began: the longer it ran, the finer the measure (a millisecond measured to a
/// few nanoseconds is a few parts in a million).
@usableFromInline
struct TickClock: Sendable {
    /// The counter, the monotonic clock and the wall clock, read together when the clock is made.
    let originTicks: UInt64
    let originNanoseconds: UInt64
    let originDate: Date

    init() {
        originDate = Date()
        originNanoseconds = Self.monotonicNanoseconds()
        originTicks = rex_ticks()
    }

    /// A clock whose readings at its origin are these (for tests of the conversions).
    init(originTicks: UInt64, originNanoseconds: UInt64, originDate: Date) {
        self.originTicks = originTicks
        self.originNanoseconds = originNanoseconds
        self.originDate = originDate
    }

    /// The counter now.
    @inlinable
    static func now() -> UInt64 {
        rex_ticks()
    }

    /// How many nanoseconds a tick lasts, measured now over the time since the clock was made;
    /// 1 while too little time has gone by to tell.
    func nanosecondsPerTick() -> Double {
        // In the order the origin was read: the monotonic clock, then the counter.
        let nanoseconds = Self.monotonicNanoseconds()
        return nanosecondsPerTick(atTicks: rex_ticks(), nanoseconds: nanoseconds)
    }

    /// How many nanoseconds a tick lasts, given a reading of the counter and of the monotonic
    /// clock taken together after the origin; 1 when they do not tell (no time gone by, or a
    /// reading before the origin).
    func nanosecondsPerTick(atTicks ticksNow: UInt64, nanoseconds nanosecondsNow: UInt64) -> Double {
        measuredNanosecondsPerTick(atTicks: ticksNow, nanoseconds: nanosecondsNow) ?? 1
    }

    /// How many nanoseconds a tick lasts, given a reading of the counter and of the monotonic
    /// clock taken together after the origin; `nil` when they do not tell.
    func measuredNanosecondsPerTick(atTicks ticksNow: UInt64, nanoseconds nanosecondsNow: UInt64) -> Double? {
        let nanoseconds = nanosecondsNow &- originNanoseconds
        let ticks = ticksNow &- originTicks
        guard ticks > 0, nanoseconds > 0, nanoseconds < UInt64(Int64.max), ticks < UInt64(Int64.max) else { return nil }
        return Double(nanoseconds) / Double(ticks)
    }

    /// How many ticks `nanoseconds` last, at the rate measured now (see ``nanosecondsPerTick()``);
    /// 0 while too little time has gone by to tell, so that a budget measured then is reached at
    /// once and measured again (a guessed rate could be wrong by a factor of 40 either way).
    func ticks(inNanoseconds nanoseconds: UInt64) -> UInt64 {
        let nanosecondsNow = Self.monotonicNanoseconds()
        guard let rate = measuredNanosecondsPerTick(atTicks: rex_ticks(), nanoseconds: nanosecondsNow) else { return 0 }
        let ticks = Double(nanoseconds) / rate
        return ticks >= Double(UInt64.max) ? .max : UInt64(ticks)
    }

    /// The wall time of a reading of the counter, at `rate` nanoseconds per tick.
    func date(_ ticks: UInt64, rate: Double) -> Date {
        let sinceOrigin = ticks >= originTicks ? Double(ticks - originTicks) : -Double(originTicks - ticks)
        return originDate.addingTimeInterval(sinceOrigin * rate / 1e9)
    }

    /// The time from `start` to `end`, at `rate` nanoseconds per tick; zero if the counter
    /// seems to have gone back (as it may between the cores of some old processors).
    func duration(from start: UInt64, to end: UInt64, rate: Double) -> Duration {
        guard end > start else { return .zero }
        return .nanoseconds(Int64(min((Double(end - start) * rate).rounded(), 1e18)))
    }

    /// Nanoseconds on the system's monotonic clock (since boot, as Dispatch reads it on every
    /// platform: one way, where a branch for each platform left one of them untested).
    static func monotonicNanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
