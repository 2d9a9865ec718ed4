import Synchronization

/// `schedulePeriodic` for a scheduler with no timer of its own (virtual time, and any scheduler
/// that only implements `scheduleRelative`), emulated as RxSwift emulates it.
///
/// Each tick first schedules the next one, `period` later, and then runs the action: so ticks
/// stay `period` apart however long the action takes, and the next tick runs before what the
/// action schedules for the same moment. A tick that comes while the action still runs (on a
/// scheduler that runs work concurrently, or re-entrantly) does not run it alongside: it is
/// counted, and the run in progress, once it returns, schedules one more run at once.
final class PeriodicSchedule<State>: @unchecked Sendable {
    private enum Step {
        case tick
        case run
    }

    private let period: RxTimeInterval
    private let action: (State) -> State
    // Only touched by a run, and runs never overlap: a run starts either from a tick that
    // found no run pending or from the run before it, both ordered by `pendingTicks`.
    private var state: State
    /// Ticks whose run has not finished.
    private let pendingTicks = Atomic<Int>(0)

    init(state: State, period: RxTimeInterval, action: @escaping (State) -> State) {
        self.state = state
        self.period = period
        self.action = action
    }

    /// Schedules the first tick `startAfter` from now; disposing the result stops the ticks.
    func start(on scheduler: SchedulerType, after startAfter: RxTimeInterval) -> Disposable {
        let recursive = RecursiveScheduler<Step>(scheduler: scheduler, timedScheduler: scheduler) { [self] step, recurse, recurseAfter in
            switch step {
            case .tick:
                recurseAfter(.tick, period)
                if pendingTicks.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 { run(recurse) }
            case .run:
                run(recurse)
            }
        }
        recursive.schedule(.tick, after: startAfter)
        return recursive
    }

    private func run(_ recurse: (Step) -> Void) {
        state = action(state)
        if pendingTicks.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1 { recurse(.run) }
    }
}
