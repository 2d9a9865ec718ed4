/// Runs an action that reschedules itself, on any scheduler, until disposed.
///
/// The steps scheduled and not yet run are tracked, so disposal cancels them; disposal also
/// drops the action, releasing what it captured. Disposal happens outside the lock.
final class RecursiveScheduler<State>: Cancelable, @unchecked Sendable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void, _ recurseAfter: (State, RxTimeInterval) -> Void) -> Void

    private let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    private var action: Action?
    private var pending: [Int: Disposable] = [:]
    private var nextKey = 0
    private var disposed = false
    // Keys of steps that ran before `schedule` could record them (synchronous schedulers).
    private var ranKeys: Set<Int> = []
    private let resource = ResourceToken()

    /// `action` gets the step's state and two ways to schedule the next step: `recurse` now
    /// (immediate scheduling), `recurseAfter` after an interval.
    init(scheduler: ImmediateSchedulerType, action: @escaping Action) {
        self.scheduler = scheduler
        self.action = action
    }

    var isDisposed: Bool { lock.withLock { disposed } }

    /// Schedules one step, now (immediate scheduling) or after `dueTime`.
    func schedule(_ state: State, after dueTime: RxTimeInterval?) {
        let key: Int? = lock.withLock {
            if disposed { return nil }
            defer { nextKey += 1 }
            return nextKey
        }
        guard let key else { return }
        let step: (State) -> Disposable = { [weak self] state in
            self?.run(state, key: key)
            return Disposables.create()
        }
        let disposable: Disposable
        if let dueTime, let timed = scheduler as? SchedulerType {
            disposable = timed.scheduleRelative(state, dueTime: dueTime, action: step)
        } else {
            disposable = scheduler.schedule(state, action: step)
        }
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            // The step may already have run synchronously (immediate scheduler); then it removed its key.
            if ranKeys.remove(key) != nil { return false }
            pending[key] = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    private func run(_ state: State, key: Int) {
        let action: Action? = lock.withLock {
            if pending.removeValue(forKey: key) == nil { ranKeys.insert(key) }
            return disposed ? nil : self.action
        }
        guard let action else { return }
        action(state, { [self] next in
            schedule(next, after: nil)
        }, { [self] next, dueTime in
            schedule(next, after: dueTime)
        })
    }

    func dispose() {
        let taken: [Disposable] = lock.withLock {
            if disposed { return [] }
            disposed = true
            action = nil
            defer { pending = [:] }
            return Array(pending.values)
        }
        for disposable in taken { disposable.dispose() }
    }
}
