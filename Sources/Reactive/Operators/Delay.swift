import Dispatch
import Foundation

extension ObservableType {
    /// Sends each element and the completion `dueTime` later, on `scheduler`, in order.
    ///
    /// `--1--2--|` → `delay(.seconds(3), scheduler: scheduler)` → `-----1--2--|`
    ///
    /// An error is forwarded at once (not delayed), dropping the elements still waiting. On a
    /// dispatch queue (`SerialDispatchQueueScheduler`, `MainScheduler`,
    /// `ConcurrentDispatchQueueScheduler`) one block delivers, in order, every waiting event whose
    /// time has come; RxSwift runs one block per event, so there an event due while an earlier
    /// one is delivered runs before other work queued on the same queue meanwhile (see the
    /// migration article's deliberate differences). On other schedulers one scheduled step
    /// delivers one event, as RxSwift's (in virtual time, events due at once arrive one tick
    /// apart).
    @inlinable public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<DelaySink<Element>>(asObservable(), (dueTime, scheduler))
    }
}

// Inlinable, so that the waiting events and their delivery are specialised in the caller's
// module (unspecialised, each append and delivery looks up generic metadata).
// Sendable by its lock: the waiting events, their dates, `waitingHead` and `timerPending` are
// touched under `lock` only, the rest is constant (DelayBatchingTests' stress runs under TSan).
@usableFromInline final class DelaySink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let dueTime: RxTimeInterval
    /// `dueTime` in seconds, added to each event's arrival time.
    @usableFromInline let dueSeconds: Double
    @usableFromInline let scheduler: SchedulerType
    /// A dispatch-queue scheduler: a step delivers every event already due, and times are read
    /// from the monotonic clock (see `clock()`). `dispatch != nil`, read on every event without
    /// loading the reference (as `observe(on:)` keeps its `batches`).
    @usableFromInline let batches: Bool
    /// `scheduler` as a dispatch-queue scheduler: the sink dispatches its steps itself
    /// (`scheduleDispatchedStep`). Else they are one recursive schedule per run, in `timer`.
    @usableFromInline let dispatch: DispatchBatching?
    @usableFromInline let timer = SerialDisposable()
    /// The sink's one dispatch timer for steps due later (`dispatch`'s `makeStepTimer`): made
    /// for the first such step, armed for each, cancelled by disposal (which releases its
    /// handler, and so the sink). One timer, not one per step, so there is no handle per step to
    /// keep: on a concurrent queue a step's handle could only be stored after scheduling it, by
    /// which time the step might have run and stored its successor's. Guarded by lock.
    @exclusivity(unchecked) @usableFromInline var laterTimer: DispatchSourceTimer?
    // Guarded by lock: events waiting, their due times in seconds (`clock()`; apart: an array
    // of numbers is freed without a call per element, an array of tuples holding events is
    // not), the first still waiting, and whether a step is pending. Exclusivity unchecked: the
    // lock guards them.
    @exclusivity(unchecked) @usableFromInline var waiting: [Event<Element>] = []
    @exclusivity(unchecked) @usableFromInline var dues: [Double] = []
    @exclusivity(unchecked) @usableFromInline var waitingHead = 0
    @exclusivity(unchecked) @usableFromInline var timerPending = false

    @inlinable init(downstream: Downstream<Element>, parameters: (RxTimeInterval, SchedulerType)) {
        (dueTime, scheduler) = parameters
        dueSeconds = dueTime.seconds
        dispatch = dispatchBatching(scheduler)
        batches = dispatch != nil
        // RxSwift's `delay` sends while another thread delivers (an observer waiting for that
        // thread must not deadlock): senders queue rather than wait.
        super.init(downstream: downstream, sendersWait: false)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        if case .error = event {
            failDroppingWaiting(event)
            return
        }
        let due = clock() + dueSeconds
        lock.lock()
        waiting.append(event)
        dues.append(due)
        if timerPending {
            lock.unlock()
            return
        }
        timerPending = true
        lock.unlock()
        if let dispatch {
            scheduleDispatchedStep(after: dueTime, on: dispatch)
            return
        }
        // One recursive schedule per run of waiting events: it keeps the handles of its steps
        // itself. Each step storing its successor's handle here instead raced on a concurrent
        // scheduler (a successor could store its own successor first, then be replaced, and
        // so disposed, by the older store), and the run stopped for good.
        timer.disposable = scheduler.scheduleRecursive(self, dueTime: dueTime) { sink, recurse in
            if let next = sink.deliverDue() { recurse(sink, next) }
        }
    }

    /// The source's error: sent at once, the waiting events dropped. In the library, the same for
    /// every element type (rare, and about 300 bytes an element type inlined).
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func failDroppingWaiting(_ error: Event<Element>) {
        let dropped: [Event<Element>] = lock.withLock {
            defer {
                waiting = []
                dues = []
                waitingHead = 0
            }
            return waiting
        }
        _ = dropped  // released outside the lock
        send(error)
    }

    /// Schedules a step on a dispatch queue: due now, the queue's next turn (as the scheduler's
    /// `scheduleRelative` takes it, with no handle: the step does nothing once the sink is
    /// disposed, and the queue lets it go at once); later, on the sink's timer (`laterTimer`),
    /// which a disposal cancels. At most one step is pending: each is scheduled by the one
    /// before it, or by `on` once a run has ended. (A recursive schedule per run did the same
    /// with an object, its step closures and a handle for each: about 5,700 instructions an
    /// event sent one at a time.)
    ///
    /// Only the step's work, which delivers, is made here, specialised for the element; the
    /// scheduling runs in the library, the same for every element type (once a run of waiting
    /// events, about 700 bytes of an app's text an element type inlined).
    @inlinable func scheduleDispatchedStep(after interval: RxTimeInterval, on dispatch: DispatchBatching) {
        scheduleDispatchedStep(after: interval, on: dispatch) { [self] in runDispatchedStep() }
    }

    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func scheduleDispatchedStep(after interval: RxTimeInterval, on dispatch: DispatchBatching, step: @escaping @Sendable () -> Void) {
        if interval.isNow {
            dispatch.dispatchDue(step)
            return
        }
        lock.lock()
        if isDisposed {
            lock.unlock()
            return
        }
        let timer: DispatchSourceTimer
        if let laterTimer {
            timer = laterTimer
        } else {
            timer = dispatch.makeStepTimer(step)
            laterTimer = timer
        }
        lock.unlock()
        // Armed after a disposal that cancelled it meanwhile, it never fires.
        dispatch.armStepTimer(timer, after: interval)
    }

    /// A dispatched step: delivers what is due, then schedules the next step if events wait.
    @inlinable func runDispatchedStep() {
        if isDisposed { return }
        if let next = deliverDue(), let dispatch { scheduleDispatchedStep(after: next, on: dispatch) }
    }

    /// Delivers the first waiting event (its due time has come) and, on a dispatch queue, every
    /// following one already due; returns when the next one is due, nil when none waits. On
    /// other schedulers one event per step, as RxSwift's `delay`, even when the next is due too.
    ///
    /// On a dispatch queue the step stays the emitter from one element to the next (as `emit`
    /// stays it while it delivers what was queued), instead of being accepted and finishing
    /// again for each (about 90 instructions an element). Only an error can be queued for it
    /// meanwhile (the next run starts after this one's last event was taken): it delivers that,
    /// and nothing more, as it stops.
    @inlinable func deliverDue() -> RxTimeInterval? {
        // Read once a step: the events due by then go in this step.
        let now = batches ? clock() : nil
        var first = true
        var emitting = false
        defer { if emitting, let queued = nextQueued() { emit(queued) } }
        while true {
            lock.lock()
            guard waitingHead < waiting.count else {
                endRunLocked()
                lock.unlock()
                return nil
            }
            let due = dues[waitingHead]
            if !first && (now.map { due > $0 } ?? true) {
                lock.unlock()
                let current = clock()
                return due > current ? .nanoseconds(Int(((due - current) * 1_000_000_000).rounded())) : .nanoseconds(0)
            }
            first = false
            if emitting && done {
                // An error was accepted meanwhile (its `on` emptied the waiting events first,
                // so only a source sending after its error finds more): it is queued for this
                // step, which delivers it as it stops emitting, and nothing after it.
                lock.unlock()
                return nil
            }
            let event = waiting[waitingHead]
            waitingHead += 1
            // The run ends with its last event, before that is delivered: an event sent
            // meanwhile starts a run of its own.
            let isLast = waitingHead == waiting.count
            if isLast { endRunLocked() }
            guard batches, case .next = event else {
                if emitting {
                    // The completion, as acceptLocked takes a terminal event.
                    done = true
                    lock.unlock()
                    emitting = false
                    emitStop(event)
                    return nil
                }
                let emitter = acceptLocked(event)
                lock.unlock()
                if emitter { emit(event) }
                if isLast || isDisposed { return nil }
                continue
            }
            if !emitting {
                emitting = acceptLocked(event)
                if !emitting {
                    lock.unlock()
                    if isLast || isDisposed { return nil }
                    continue
                }
            }
            lock.unlock()
            if isDisposed { return nil }
            downstream.on(event)
            if isLast || isDisposed { return nil }
        }
    }

    /// The time now, in seconds: on a dispatch queue the monotonic clock's (the queue's timers
    /// run on it; a dispatch scheduler's `now` is the wall clock, which can jump, and through
    /// `Date` and the scheduler's existential cost about 100 instructions an event more), else
    /// the scheduler's `now` (virtual time), whose seconds since the reference date add and
    /// compare exactly as its dates do.
    @inlinable @inline(__always) func clock() -> Double {
        batches ? MonotonicClock.seconds : scheduler.now.timeIntervalSinceReferenceDate
    }

    /// Under `lock`: nothing waits any more and no step is pending (the buffers keep their
    /// capacity for the next run).
    @inlinable func endRunLocked() {
        waiting.removeAll(keepingCapacity: true)
        dues.removeAll(keepingCapacity: true)
        waitingHead = 0
        timerPending = false
    }

    @usableFromInline override func dispose() {
        guard disposeOnce() else { return }
        timer.dispose()
        lock.take(&laterTimer)?.cancel()
    }
}
