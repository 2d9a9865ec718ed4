extension ObservableType {
    /// Sends each element and the completion `dueTime` later, on `scheduler`, in order.
    ///
    /// `--1--2--|` → `delay(3 ticks)` → `-----1--2--|`
    ///
    /// An error is forwarded at once (not delayed), dropping the elements still waiting.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<DelaySink<Element>>(asObservable(), (dueTime, scheduler))
    }
}

final class DelaySink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    // Guarded by lock: events waiting with their due dates, and whether a timer is pending.
    private var waiting: [(due: RxTime, event: Event<Element>)] = []
    private var waitingHead = 0
    private var timerPending = false

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, SchedulerType)) {
        (dueTime, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func on(_ event: inout Event<Element>) {
        if case .error = event {
            lock.withLock {
                waiting = []
                waitingHead = 0
            }
            send(event)
            return
        }
        let due = scheduler.now.adding(dueTime)
        let startTimer: Bool = lock.withLock {
            waiting.append((due, event))
            defer { timerPending = true }
            return !timerPending
        }
        if startTimer { schedule(after: dueTime) }
    }

    private func schedule(after interval: RxTimeInterval) {
        timer.disposable = scheduler.scheduleRelative(self, dueTime: interval) { sink in
            sink.drain()
            return Disposables.create()
        }
    }

    private func drain() {
        let now = scheduler.now
        while true {
            lock.lock()
            guard waitingHead < waiting.count else {
                waiting.removeAll(keepingCapacity: true)
                waitingHead = 0
                timerPending = false
                lock.unlock()
                return
            }
            let (due, event) = waiting[waitingHead]
            if due > now {
                lock.unlock()
                schedule(after: .between(now, due))
                return
            }
            waitingHead += 1
            let emitter = acceptLocked(event)
            lock.unlock()
            if emitter { emit(event) }
        }
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
