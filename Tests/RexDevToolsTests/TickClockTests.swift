import Dispatch
import Foundation
@testable import RexDevTools
import Testing

@Suite("The recorder's tick clock")
struct TickClockTests {
    static let originDate = Date(timeIntervalSinceReferenceDate: 800_000_000)
    /// A clock whose origin was read at tick 1,000,000, at 5 s on the monotonic clock.
    static let clock = TickClock(originTicks: 1_000_000, originNanoseconds: 5_000_000_000, originDate: originDate)

    /// Whether two dates are within a microsecond of each other (a date holds its time in a
    /// `Double` of seconds since 2001: about a tenth of a microsecond apart today).
    static func isClose(_ date: Date, _ other: Date) -> Bool {
        abs(date.timeIntervalSince(other)) < 1e-6
    }

    @Test("A turn lasts its ticks times the nanoseconds a tick lasts")
    func duration() {
        let clock = Self.clock
        #expect(clock.duration(from: 2_000, to: 5_000, rate: 0.5) == .nanoseconds(1_500))
        #expect(clock.duration(from: 2_000, to: 5_000, rate: 40) == .microseconds(120))
        // An hour of a 3 GHz counter.
        #expect(clock.duration(from: 7, to: 7 + 10_800_000_000_000, rate: 1.0 / 3.0) == .seconds(3_600))
    }

    @Test("A counter that seems to go back, or stand still, gives a turn of no time")
    func backwards() {
        #expect(Self.clock.duration(from: 5_000, to: 5_000, rate: 0.5) == .zero)
        #expect(Self.clock.duration(from: 5_000, to: 4_000, rate: 0.5) == .zero)
    }

    @Test("A reading's date is the origin's date and the time of the ticks since, before the origin too")
    func date() {
        let clock = Self.clock
        #expect(Self.isClose(clock.date(1_000_000, rate: 0.5), Self.originDate))
        #expect(Self.isClose(clock.date(1_000_000 + 4_000_000_000, rate: 0.25), Self.originDate + 1))
        #expect(Self.isClose(clock.date(1_000_000 + 3_000, rate: 40), Self.originDate + 0.000_12))
        #expect(Self.isClose(clock.date(1_000_000 - 500_000, rate: 2), Self.originDate - 0.001))
    }

    @Test("A tick lasts the nanoseconds gone by since the origin over the ticks counted since")
    func rate() {
        let clock = Self.clock
        #expect(clock.nanosecondsPerTick(atTicks: 1_000_000 + 3_000_000, nanoseconds: 5_000_000_000 + 1_000_000) == 1.0 / 3.0)
        #expect(clock.nanosecondsPerTick(atTicks: 1_000_000 + 24, nanoseconds: 5_000_000_000 + 1_000) == 1_000.0 / 24.0)
    }

    @Test("Until the counter and the clock have both moved on from the origin, a tick is taken as a nanosecond")
    func rateWithoutTime() {
        let clock = Self.clock
        #expect(clock.nanosecondsPerTick(atTicks: 1_000_000, nanoseconds: 5_000_001_000) == 1)
        #expect(clock.nanosecondsPerTick(atTicks: 1_003_000, nanoseconds: 5_000_000_000) == 1)
        #expect(clock.nanosecondsPerTick(atTicks: 999_000, nanoseconds: 5_000_001_000) == 1)
        #expect(clock.nanosecondsPerTick(atTicks: 1_003_000, nanoseconds: 4_000_000_000) == 1)
    }

    @Test("The monotonic clock it measures ticks against is the system's, in nanoseconds")
    func monotonicClock() {
        // `DispatchTime`'s clock: a reading taken between two of its readings falls between them
        // (within a microsecond, for a conversion of Apple's ticks rounded apart).
        let before = DispatchTime.now().uptimeNanoseconds
        let reading = TickClock.monotonicNanoseconds()
        let after = DispatchTime.now().uptimeNanoseconds
        #expect(reading + 1_000 >= before)
        #expect(reading <= after + 1_000)
    }

    @Test("The counter moves on while time goes by")
    func counterMoves() {
        let first = TickClock.now()
        waitForMonotonicClock(nanoseconds: 1_000_000)
        #expect(TickClock.now() > first)
    }
}

/// Returns once the system's monotonic clock has moved on by `nanoseconds`: a turn that lasts at
/// least that, whatever the machine's load.
func waitForMonotonicClock(nanoseconds: UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - start < nanoseconds {}
}

/// A duration in seconds, as a date counts time.
func seconds(_ duration: Duration) -> TimeInterval {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
