extension ObservableType {
    /// Sends an element, then at most one element per `dueTime`.
    ///
    /// `--1-2-3-------4--|` → `throttle(.seconds(4), scheduler: scheduler)` → `--1---3-------4--|`
    ///
    /// The first element is sent at once. Elements within `dueTime` of the last one sent are
    /// dropped; with `latest: true` (the default) the last of them is sent when the period ends.
    /// Completion waits for that element; an error is forwarded at once.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<ThrottleSink<Element>>(asObservable(), (dueTime, latest, scheduler))
    }
}

final class ThrottleSink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    // Guarded by lock.
    private var throttled: Element?
    private var lastSent: RxTime?
    private var completed = false

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, Bool, SchedulerType)) {
        (dueTime, latest, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            lock.lock()
            let wait = lastSent.map { RxTimeInterval.between(now, $0.adding(dueTime)) } ?? .nanoseconds(0)
            if wait.isNow {
                lastSent = now
                throttled = nil
                let emitter = acceptLocked(.next(element))
                lock.unlock()
                timer.disposable = Disposables.create()
                if emitter { emitInPlace(&event) }
                restartPeriod()
                return
            }
            if !latest {
                lock.unlock()
                return
            }
            let inFlight = throttled != nil
            throttled = element
            lock.unlock()
            if inFlight { return }
            timer.disposable = scheduler.scheduleRelative(self, dueTime: wait) { sink in
                sink.propagate()
                return Disposables.create()
            }
        case .error:
            lock.withLock { throttled = nil }
            sendInPlace(&event)
        case .completed:
            lock.lock()
            if throttled != nil {
                completed = true
                lock.unlock()
                return
            }
            let emitter = acceptLocked(event)
            lock.unlock()
            if emitter { emitInPlace(&event) }
        }
    }

    private func propagate() {
        let now = scheduler.now
        lock.lock()
        var first: Event<Element>?
        let sending = throttled != nil
        if let value = throttled {
            throttled = nil
            lastSent = now
            if acceptLocked(.next(value)) { first = .next(value) }
        }
        if completed, acceptLocked(.completed), first == nil { first = .completed }
        lock.unlock()
        if let first { emit(first) }
        if sending { restartPeriod() }
    }

    /// Starts the period again once the observer has taken the element, as RxSwift reads the
    /// time after sending: an observer that takes a while pushes the next period back. (The
    /// time of the decision, set before sending, is what an element arriving meanwhile from
    /// another thread is throttled by.)
    private func restartPeriod() {
        let now = scheduler.now
        lock.withLock {
            if let last = lastSent, last < now { lastSent = now }
        }
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
