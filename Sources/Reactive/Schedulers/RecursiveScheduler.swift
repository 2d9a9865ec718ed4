/// Runs an action that reschedules itself, on any scheduler, until disposed.
///
/// The steps scheduled and not yet run are tracked, so disposal cancels them; disposal also
/// drops the action, releasing what it captured. Disposal happens outside the lock.
final class RecursiveScheduler<State>: Cancelable, @unchecked Sendable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void, _ recurseAfter: (State, RxTimeInterval) -> Void) -> Void

    private let scheduler: ImmediateSchedulerType
    /// `scheduler` as a scheduler that can schedule after an interval, for `recurseAfter`: given
    /// by the callers that have one (a cast here looked the conformance up, about 1,400
    /// instructions a recursive schedule), nil for the immediate form, which never asks.
    private let timedScheduler: SchedulerType?
    private let lock = Lock()
    // Guarded by `lock`. Unchecked exclusivity: the lock orders every access, and a dynamic check
    // (a thread-local lookup on each access) cost about 60 instructions each.
    @exclusivity(unchecked) private var action: Action?
    /// The step scheduled last and not yet run, kept out of `pending`: usually the only one, so
    /// a step costs no hashing (a dictionary's insert and removal cost about 900 instructions).
    @exclusivity(unchecked) private var lastPending: (key: Int, disposable: Disposable)?
    /// The other steps scheduled and not yet run.
    @exclusivity(unchecked) private var pending: [Int: Disposable] = [:]
    @exclusivity(unchecked) private var nextKey = 0
    @exclusivity(unchecked) private var disposed = false
    /// The key of a step that ran before `schedule` could record it (a synchronous scheduler, or
    /// a queue that ran it at once on another thread), kept out of `ranKeys` as `lastPending`
    /// is out of `pending`: a set allocated and hashed for it cost about 700 instructions.
    @exclusivity(unchecked) private var ranEarly: Int?
    // Keys of further steps that ran before `schedule` could record them.
    @exclusivity(unchecked) private var ranKeys: Set<Int> = []
    private let resource = ResourceToken()

    /// `action` gets the step's state and two ways to schedule the next step: `recurse` now
    /// (immediate scheduling), `recurseAfter` after an interval.
    init(scheduler: ImmediateSchedulerType, timedScheduler: SchedulerType?, action: @escaping Action) {
        self.scheduler = scheduler
        self.timedScheduler = timedScheduler
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
        // Holds the recursion strongly until the step runs or is cancelled, as RxSwift's does: a
        // weak reference gave every recursion a side table (an allocation, and the slow path of
        // each retain and release), and nothing holds the step longer (it is dropped from
        // `lastPending` or `pending` when it runs, and disposed with the recursion).
        let step: (State) -> Disposable = { [self] state in
            run(state, key: key)
            return Disposables.create()
        }
        let disposable: Disposable
        if let dueTime, let timed = timedScheduler {
            disposable = timed.scheduleRelative(state, dueTime: dueTime, action: step)
        } else {
            disposable = scheduler.schedule(state, action: step)
        }
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            // The step may already have run (an immediate scheduler, or a queue on another
            // thread); then it left its key here.
            if ranEarly == key {
                ranEarly = nil
                return false
            }
            if !ranKeys.isEmpty && ranKeys.remove(key) != nil { return false }
            if let last = lastPending { pending[last.key] = last.disposable }
            lastPending = (key, disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    private func run(_ state: State, key: Int) {
        // Locked by hand: `withLock` returning the action, generic over its result, built the
        // metadata of the action's function type at run time (about 900 instructions a step).
        lock.lock()
        if let last = lastPending, last.key == key {
            lastPending = nil
        } else if pending.isEmpty || pending.removeValue(forKey: key) == nil {
            if ranEarly == nil {
                ranEarly = key
            } else {
                ranKeys.insert(key)
            }
        }
        let action = disposed ? nil : self.action
        lock.unlock()
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
            defer {
                pending = [:]
                lastPending = nil
            }
            return Array(pending.values) + (lastPending.map { [$0.disposable] } ?? [])
        }
        for disposable in taken { disposable.dispose() }
    }
}
