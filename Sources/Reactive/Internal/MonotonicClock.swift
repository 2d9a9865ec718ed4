#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock (the one dispatch timers run on), in seconds, read directly.
///
/// `DispatchTime.now()` reads the same clock through `dispatch_time`, about 50 instructions of
/// conversions more a read; `Date()` reads the wall clock, which can jump. `delay` on a dispatch
/// queue stamps every event with it.
@usableFromInline enum MonotonicClock {
    @inlinable static var seconds: Double {
        var time = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_UPTIME_RAW, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC, &time)
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
