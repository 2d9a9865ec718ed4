extension ObservableType {
    /// Sends an element only after `dueTime` has passed without another element.
    ///
    /// `--1-2------3----|` → `debounce(.seconds(3), scheduler: scheduler)` → `-------2------3-|`
    ///
    /// Each element restarts the timer. On completion the pending element is sent at once, then
    /// completion; an error is forwarded at once and the pending element dropped. An element that
    /// arrives exactly when the timer is due, and before it runs on `scheduler`, replaces the
    /// pending one. Elements are sent on `scheduler`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<DebounceSink<Element>>(asObservable(), (dueTime, scheduler))
    }
}

final class DebounceSink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    // Guarded by lock.
    private var pending: Element?
    private var id = 0

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, SchedulerType)) {
        (dueTime, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            let current: Int = lock.withLock {
                id &+= 1
                pending = element
                return id
            }
            timer.disposable = scheduler.scheduleRelative((self, current), dueTime: dueTime) { sink, id in
                sink.fire(id)
                return Disposables.create()
            }
        case .error(let error):
            lock.withLock { pending = nil }
            send(.error(error))
        case .completed:
            lock.lock()
            var first: Event<Element>?
            if let value = pending, acceptLocked(.next(value)) { first = .next(value) }
            pending = nil
            if acceptLocked(.completed) { first = .completed }
            lock.unlock()
            if let first { emit(first) }
        }
    }

    private func fire(_ id: Int) {
        lock.lock()
        guard id == self.id, let value = pending else {
            lock.unlock()
            return
        }
        pending = nil
        let emitter = acceptLocked(.next(value))
        lock.unlock()
        if emitter { emit(.next(value)) }
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
