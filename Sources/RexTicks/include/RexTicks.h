#ifndef REX_TICKS_H
#define REX_TICKS_H

#include <stdint.h>

#if defined(__APPLE__)
#include <mach/mach_time.h>
#elif !defined(__x86_64__) && !defined(__aarch64__)
#include <time.h>
#endif

/// The processor's counter of ticks at a constant rate: the time stamp counter on x86_64, the
/// virtual counter on arm64, mach_absolute_time on Apple systems, and the monotonic clock in
/// nanoseconds elsewhere. A read costs a few nanoseconds where clock_gettime costs 20 to 30 on
/// a Linux VM; the recorder reads it twice a turn and turns ticks into time when steps are read,
/// against the monotonic clock (see TickClock.swift).
static inline uint64_t rex_ticks(void) {
#if defined(__APPLE__)
    return mach_absolute_time();
#elif defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t ticks;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(ticks));
    return ticks;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

#endif
