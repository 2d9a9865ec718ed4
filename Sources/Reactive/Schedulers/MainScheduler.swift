import Dispatch
import Foundation
import Synchronization

/// Runs work on the main dispatch queue; already on the main queue with nothing queued, it runs
/// the action at once (RxSwift's semantics). Use it with `observe(on:)` to touch UI or
/// `@MainActor` state from a subscription.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    private let numberEnqueued = Atomic<Int>(0)

    /// Creates a scheduler on the main queue. Prefer `MainScheduler.instance`.
    public init() {
        super.init(serialQueue: DispatchQueue.main)
    }

    /// The shared instance: runs at once when already on the main queue with nothing queued.
    public static let instance = MainScheduler()

    /// Always dispatches asynchronously to the main queue, even from the main thread.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    /// Traps with `errorMessage` unless called on the main queue (or the main thread).
    ///
    /// On Linux, after `dispatchMain()`, the main queue runs on a worker thread: the check asks
    /// the queue, so code there passes.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        precondition(MainQueue.isMainActor, errorMessage ?? "Executing on a background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread.")
    }

    /// Traps with `errorMessage` unless called on the main queue (or the main thread).
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        ensureExecutingOnScheduler(errorMessage: errorMessage)
    }

    /// A drain of `observe(on:)` counts as queued work until it has run, as each of RxSwift's
    /// per-event blocks does: meanwhile nothing runs at once.
    @usableFromInline override func dispatchDrain(_ drain: @escaping @Sendable () -> Void) {
        numberEnqueued.wrappingAdd(1, ordering: .relaxed)
        DispatchQueue.main.async { [self] in
            drain()
            numberEnqueued.wrappingSubtract(1, ordering: .relaxed)
        }
    }

    /// On the main queue with nothing queued, an event is delivered at once (RxSwift's rule).
    @usableFromInline override func beginImmediate() -> Bool {
        guard MainQueue.isCurrent else { return false }
        if numberEnqueued.wrappingAdd(1, ordering: .relaxed).oldValue == 0 { return true }
        numberEnqueued.wrappingSubtract(1, ordering: .relaxed)
        return false
    }

    @usableFromInline override var mayRunAtOnce: Bool { true }

    @usableFromInline override func endImmediate() {
        numberEnqueued.wrappingSubtract(1, ordering: .relaxed)
    }

    override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let previous = numberEnqueued.wrappingAdd(1, ordering: .relaxed).oldValue
        if MainQueue.isCurrent && previous == 0 {
            let disposable = action(state)
            numberEnqueued.wrappingSubtract(1, ordering: .relaxed)
            return disposable
        }
        let work = ScheduledWork(bind(state, to: action))
        DispatchQueue.main.async { [self] in
            work.run()
            numberEnqueued.wrappingSubtract(1, ordering: .relaxed)
        }
        return work
    }
}
