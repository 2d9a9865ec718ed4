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
        // RxSwift's `delay` sends while another thread delivers (an observer waiting for that
        // thread must not deadlock): senders queue rather than wait.
        super.init(downstream: downstream, sendersWait: false)
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
        if startTimer {
            // One recursive schedule per run of due events: it keeps the handles of its steps
            // itself. Each step storing its successor's handle here instead raced on a
            // concurrent scheduler (a successor could store its own successor first, then be
            // replaced, and so disposed, by the older store), and the run stopped for good.
            timer.disposable = scheduler.scheduleRecursive(self, dueTime: dueTime) { sink, recurse in
                if let next = sink.deliverOne() { recurse(sink, next) }
            }
        }
    }

    /// Delivers the first waiting event (its due time has come); returns when the next one is
    /// due, even when that has come too: one event per scheduled step, as RxSwift's `delay` (in
    /// virtual time, events due at once arrive one tick apart). Nil when none waits.
    private func deliverOne() -> RxTimeInterval? {
        lock.lock()
        guard waitingHead < waiting.count else {
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
            timerPending = false
            lock.unlock()
            return nil
        }
        let event = waiting[waitingHead].event
        waitingHead += 1
        let next = waitingHead < waiting.count ? waiting[waitingHead].due : nil
        if next == nil {
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
            timerPending = false
        }
        let emitter = acceptLocked(event)
        lock.unlock()
        if emitter { emit(event) }
        guard let next else { return nil }
        let now = scheduler.now
        return next > now ? .between(now, next) : .nanoseconds(0)
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
