import Dispatch
import Foundation

/// Work on the main thread, run at once when already there (RxSwift's `ConcurrentMainScheduler`).
///
/// Meant for `subscribe(on:)`: called on the main thread, `schedule` runs the action in place;
/// from another thread it runs on the main queue (which must be running: `dispatchMain()` or
/// `RunLoop.main.run()` on Linux). For delivering elements on the main thread, `observe(on:)`
/// with `MainScheduler` is the better fit. Timed work goes through `MainScheduler.instance`.
public final class ConcurrentMainScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler's interval type (Foundation's, as in RxSwift).
    public typealias TimeInterval = Foundation.TimeInterval
    /// The scheduler's time type.
    public typealias Time = Date

    private let mainScheduler: MainScheduler

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    /// The current time.
    public var now: RxTime { mainScheduler.now }

    /// Runs `action` now on the main queue, else later on it; disposing before it ran
    /// cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if MainQueue.isCurrent {
            return action(state)
        }
        let work = ScheduledWork(bind(state, to: action))
        DispatchQueue.main.async { work.run() }
        return work
    }

    /// Runs `action` on the main queue after `dueTime`.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue every `period`, starting after `startAfter`.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
