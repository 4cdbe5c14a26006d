#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Nanoseconds on the system's monotonic clock, read directly: half the cost of
/// `ContinuousClock.now` (26 ns against 52 on a Linux VM), which builds an `Instant` of 128-bit
/// arithmetic on top of the same call. A recorder reads it twice a turn.
@inlinable
func monotonicNanoseconds() -> UInt64 {
    #if canImport(Darwin)
    return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
    #else
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    #endif
}
