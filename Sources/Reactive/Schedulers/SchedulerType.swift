import Dispatch
import Foundation

/// A time interval (RxSwift 6 uses `DispatchTimeInterval`).
public typealias RxTimeInterval = DispatchTimeInterval

/// An absolute point in time.
public typealias RxTime = Date

/// A scheduler that can also run work after a delay and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` after `dueTime`.
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable

    /// Schedules `action` to run first after `startAfter` and then every `period`, each run
    /// receiving the state the previous one returned.
    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling built from `scheduleRelative`, as RxSwift emulates it: each tick
    /// schedules the next one `period` later, then runs `action`.
    ///
    /// A tick that comes while `action` still runs (a scheduler that runs work concurrently)
    /// runs it once more after it returns, never alongside it.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        PeriodicSchedule(state: state, period: period, action: action).start(on: self, after: startAfter)
    }

    /// Schedules `action` after `dueTime`; it may schedule itself again through `recurse` with a new delay.
    public func scheduleRecursive<State>(_ state: State, dueTime: RxTimeInterval, action: @escaping (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void) -> Disposable {
        let recursive = RecursiveScheduler<State>(scheduler: self, timedScheduler: self) { state, _, recurseAfter in
            action(state) { recurseAfter($0, $1) }
        }
        recursive.schedule(state, after: dueTime)
        return recursive
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinity.
    @usableFromInline var seconds: TimeInterval {
        switch self {
        case .seconds(let value): return TimeInterval(value)
        case .milliseconds(let value): return TimeInterval(value) / 1_000
        case .microseconds(let value): return TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): return TimeInterval(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

extension Date {
    /// This date moved by a dispatch interval.
    @usableFromInline func adding(_ interval: DispatchTimeInterval) -> Date {
        addingTimeInterval(interval.seconds)
    }
}

extension DispatchTimeInterval {
    /// The interval from `start` to `end`, or zero if `end` is not later.
    @usableFromInline static func between(_ start: Date, _ end: Date) -> DispatchTimeInterval {
        let seconds = end.timeIntervalSince(start)
        if seconds <= 0 { return .nanoseconds(0) }
        return .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
    }

    /// Whether the interval is zero or negative.
    @usableFromInline var isNow: Bool { seconds <= 0 }
}
