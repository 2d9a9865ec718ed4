import Foundation

/// A virtual-time scheduler whose clock is a `Date`, for replaying historical data.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    /// Creates a scheduler whose clock starts at `initialClock`.
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}

/// Converts `HistoricalScheduler`'s `Date` clock: virtual time is real time.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    /// Virtual time is a date.
    public typealias VirtualTimeUnit = RxTime
    /// Virtual intervals are seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

/// Creates the converter.
    public init() {}

    /// The date itself.
    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    /// The date itself.
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    /// The interval itself.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval { virtualTimeInterval }
    /// The interval itself.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    /// `time` moved by `offset` seconds.
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }
    /// How the two dates compare.
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
    }
}
