import Dispatch

/// A scheduler on a dispatch queue to which `observe(on:)` hands events in batches: one
/// dispatch for all the events that arrive while a delivery is pending, drained in order by one
/// block at a time, instead of one dispatch per event.
///
/// The serial and concurrent dispatch-queue schedulers and `MainScheduler` are; virtual-time
/// and operation-queue schedulers are not (there `observe(on:)` keeps one event a step, as
/// RxSwift's does, which virtual time shows as one tick apart).
@usableFromInline protocol DispatchBatching: AnyObject, Sendable {
    /// Runs `drain` on the scheduler's queue, later.
    func dispatchDrain(_ drain: @escaping @Sendable () -> Void)

    /// Whether an event arriving now may be delivered at once, on the calling thread
    /// (`MainScheduler` on the main queue with nothing queued: RxSwift's rule). If so, the
    /// scheduler counts the delivery as queued work until `endImmediate()`.
    func beginImmediate() -> Bool

    /// The end of a delivery `beginImmediate()` allowed.
    func endImmediate()

    /// Whether `beginImmediate()` can ever be true (`MainScheduler`): if not, work handed to
    /// the scheduler never runs on the calling thread.
    var mayRunAtOnce: Bool { get }

    /// The scheduler's queue and leeway.
    var configuration: DispatchQueueConfiguration { get }
}

extension DispatchBatching {
    /// Queues `work` on the scheduler's queue as its `scheduleRelative` does for a due time that
    /// has come (`MainScheduler` does not count it as its queued work).
    @usableFromInline func dispatchDue(_ work: @escaping @Sendable () -> Void) {
        configuration.queue.async(execute: work)
    }

    /// A dispatch timer on the scheduler's queue that runs `handler` each time it fires; it fires
    /// only once armed (`armStepTimer`), and stops for good when cancelled (which releases
    /// `handler`).
    @usableFromInline func makeStepTimer(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceTimer {
        configuration.makeStepTimer(handler)
    }

    /// Arms `timer` to fire once, `interval` from now, with the scheduler's leeway.
    @usableFromInline func armStepTimer(_ timer: DispatchSourceTimer, after interval: RxTimeInterval) {
        configuration.armStepTimer(timer, after: interval)
    }

    /// Runs `step` as the scheduler's `schedule` would: at once when it allows
    /// (`MainScheduler` on the main queue with nothing queued), else on its queue, later.
    @inlinable func runStep(_ step: @escaping @Sendable () -> Void) {
        if beginImmediate() {
            step()
            endImmediate()
            return
        }
        dispatchDrain(step)
    }
}

/// `scheduler` as a dispatch-queue scheduler, if it is one.
///
/// First by the type the existential was made from (`exactDispatchBatching`, about 20
/// instructions), then by a cast to the classes: a cast to a class walks the class chain (about
/// 280 instructions from an existential, on every `observe(on:)`, `subscribe(on:)` and `delay`
/// made), a cast to the protocol looks the conformance up (about 900). Only these classes
/// conform (`DispatchBatching` is internal); `MainScheduler` is a `SerialDispatchQueueScheduler`.
@inlinable func dispatchBatching(_ scheduler: ImmediateSchedulerType) -> DispatchBatching? {
    if let exact = exactDispatchBatching(scheduler) { return exact }
    if let serial = scheduler as? SerialDispatchQueueScheduler { return serial }
    if let concurrent = scheduler as? ConcurrentDispatchQueueScheduler { return concurrent }
    return nil
}

/// `scheduler` as a dispatch-queue scheduler if the type it was boxed from is exactly one of
/// the three classes, else nil (the caller then casts).
///
/// Sound: `Scheduler` is the type whose value `scheduler` is, so when it is one of these
/// classes the value is a reference to an instance of it (or of a subclass, the same
/// representation), which is what `reference(_:as:)` reinterprets it as; the classes are final,
/// or public but not open, so no other module subclasses them. Tested by
/// `testDispatchQueueSchedulers_areTakenForDispatchQueues_andNoOthers` (the object returned is
/// the scheduler itself, for each class boxed as itself and as its superclass).
@inlinable func exactDispatchBatching<Scheduler: ImmediateSchedulerType>(_ scheduler: Scheduler) -> DispatchBatching? {
    if Scheduler.self == SerialDispatchQueueScheduler.self || Scheduler.self == MainScheduler.self {
        return reference(scheduler, as: SerialDispatchQueueScheduler.self)
    }
    if Scheduler.self == ConcurrentDispatchQueueScheduler.self {
        return reference(scheduler, as: ConcurrentDispatchQueueScheduler.self)
    }
    return nil
}

/// `value`, which the caller knows to be a reference to a `Class` (see `exactDispatchBatching`),
/// as one. Generic and unconstrained in `Class` so that the compiler does not offer
/// `unsafeDowncast`, which takes an `AnyObject` and so would box `value` first (about 2,500
/// instructions); it compiles to one load and a retain. The result is a strong reference, a
/// retained copy like any other, so nothing it is used for can outlive the scheduler.
@inlinable @inline(__always) func reference<Value, Class>(_ value: Value, as _: Class.Type) -> Class {
    unsafeBitCast(value, to: Class.self)
}

/// For tests: whether `dispatchBatching(_:)` takes `scheduler` for a dispatch queue, whether
/// it conforms to `DispatchBatching` (the two must agree), whether the object taken is the
/// scheduler itself, and whether the type test took it (`exactDispatchBatching`) without a cast.
package func dispatchBatchingClassification(_ scheduler: ImmediateSchedulerType) -> (cast: Bool, conforms: Bool, sameObject: Bool, exact: Bool) {
    let batching = dispatchBatching(scheduler)
    let sameObject = batching.map { $0 === (scheduler as AnyObject) } ?? false
    return (batching != nil, scheduler is DispatchBatching, sameObject, exactDispatchBatching(scheduler) != nil)
}

// Its methods are in the class (`MainScheduler` overrides them).
extension SerialDispatchQueueScheduler: DispatchBatching {}

extension ConcurrentDispatchQueueScheduler: DispatchBatching {
    @usableFromInline func dispatchDrain(_ drain: @escaping @Sendable () -> Void) {
        configuration.queue.async(execute: drain)
    }

    @usableFromInline func beginImmediate() -> Bool { false }

    @usableFromInline func endImmediate() {}

    @usableFromInline var mayRunAtOnce: Bool { false }
}
