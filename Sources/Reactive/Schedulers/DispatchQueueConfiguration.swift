import Dispatch
import Foundation

/// What the dispatch-queue schedulers share: scheduling on a queue, after a delay, periodically.
///
/// Cancellation releases a pending action at once (timers are cancelled, not left to fire).
///
/// Unchecked Sendable: two constants, a dispatch queue (safe to use from any thread) and an
/// interval; the dispatch-queue tests use one from many threads at once under TSan.
@usableFromInline struct DispatchQueueConfiguration: @unchecked Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = ScheduledWork(bind(state, to: action))
        queue.async { work.run() }
        return work
    }

    /// A due time of zero or less is the queue's next turn: the action is queued as `schedule`
    /// queues it (as `asyncAfter` does with a deadline that is not in the future), where a
    /// dispatch timer for it cost about 12,000 instructions more and fired only after blocks
    /// queued later. (Never at once: not even `MainScheduler` on the main thread runs a
    /// relative action inside this call.)
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        if dueTime.isNow { return schedule(state, action: action) }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let disposable = TimerDisposable(timer)
        let work = UncheckedSendable(bind(state, to: action))
        timer.schedule(deadline: DispatchTime.now() + dueTime, leeway: leeway)
        timer.setEventHandler {
            guard disposable.fire() else { return }
            disposable.setResult(work.value())
        }
        timer.resume()
        return disposable
    }

    /// A timer that runs `handler` on the queue each time it is armed (`armStepTimer`): resumed
    /// with no deadline, so it waits until then.
    func makeStepTimer(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler(handler: handler)
        timer.resume()
        return timer
    }

    /// Arms `timer` to fire once, `interval` from now (a timer armed again before it fired fires
    /// only at the new time).
    func armStepTimer(_ timer: DispatchSourceTimer, after interval: RxTimeInterval) {
        timer.schedule(deadline: DispatchTime.now() + interval, repeating: .never, leeway: leeway)
    }

    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let disposable = TimerDisposable(timer)
        let work = UncheckedSendable(PeriodicState(state: state, action: action))
        timer.schedule(deadline: DispatchTime.now() + startAfter, repeating: period, leeway: leeway)
        timer.setEventHandler {
            if disposable.isDisposed { return }
            // A timer source never runs its handler concurrently with itself.
            work.value.tick()
        }
        timer.resume()
        return disposable
    }
}

private final class PeriodicState<StateType> {
    // Unchecked exclusivity: only the timer's handler touches it, and a timer source never runs
    // its handler concurrently with itself; a dynamic check cost about 250 instructions a tick.
    @exclusivity(unchecked) var state: StateType
    let action: (StateType) -> StateType
    init(state: StateType, action: @escaping (StateType) -> StateType) {
        self.state = state
        self.action = action
    }
    func tick() { state = action(state) }
}

/// Owns a dispatch timer: disposing cancels it (releasing its handler) and disposes what a
/// one-shot action returned.
private final class TimerDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`. Unchecked exclusivity: the lock orders every access, and a dynamic check
    // (a thread-local lookup on each access) cost about 80 instructions each.
    @exclusivity(unchecked) private var timer: DispatchSourceTimer?
    @exclusivity(unchecked) private var result: Disposable?
    @exclusivity(unchecked) private var disposed = false
    private let resource = ResourceToken()

    init(_ timer: DispatchSourceTimer) { self.timer = timer }

    var isDisposed: Bool { lock.withLock { disposed } }

    /// For a one-shot timer: whether to run the action (not disposed); stops the timer.
    func fire() -> Bool {
        let timer: DispatchSourceTimer? = lock.withLock {
            defer { self.timer = nil }
            return disposed ? nil : self.timer
        }
        timer?.cancel()
        return timer != nil
    }

    func setResult(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            result = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    func dispose() {
        let taken: (DispatchSourceTimer?, Disposable?) = lock.withLock {
            if disposed { return (nil, nil) }
            disposed = true
            defer { timer = nil; result = nil }
            return (timer, result)
        }
        taken.0?.cancel()
        taken.1?.dispose()
    }
}

/// `action` applied to `state`, as a closure of no generic type: a scheduler hands it to a queue
/// without building the metadata of a `(StateType, action)` tuple at run time (its schedule
/// methods run unspecialised, through the protocol), which cost about 2,000 instructions a
/// call in hash-table lookups.
@inline(__always) func bind<StateType>(_ state: StateType, to action: @escaping (StateType) -> Disposable) -> () -> Disposable {
    { action(state) }
}
