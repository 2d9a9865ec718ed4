extension ObservableType {
    /// Collects elements into arrays, sent every `timeSpan` or as soon as `count` are collected.
    ///
    /// `--1-2-3-4-5--|` → `buffer(timeSpan: .seconds(6), count: 2, scheduler: scheduler)` → `----x---y----(z|)` where `x = [1, 2]`, `y = [3, 4]`, `z = [5]`
    ///
    /// A full buffer is sent at once and restarts the period. A period with no element sends an
    /// empty array. On completion what is collected is sent, then completion; an error is
    /// forwarded at once. A `count` below 1 fails with `RxError.argumentOutOfRange`.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        if count < 1 { return Observable.error(RxError.argumentOutOfRange) }
        return UnaryObservable<BufferSink<Element>>(asObservable(), (timeSpan, count, scheduler))
    }
}

final class BufferSink<Element>: SerializingForwardingSink<[Element]>, UnaryOperatorSink, @unchecked Sendable {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    // Guarded by lock.
    private var buffer: [Element] = []
    private var windowID = 0

    init(downstream: Downstream<[Element]>, parameters: (RxTimeInterval, Int, SchedulerType)) {
        (timeSpan, count, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        startTimer(0)
        setUpstream(source.subscribe(sourceObserver))
    }

    func on(_ event: inout Event<Element>) {
        lock.lock()
        var first: Event<[Element]>?
        var restart: Int?
        switch event {
        case .next(let element):
            buffer.append(element)
            if buffer.count == count {
                windowID &+= 1
                restart = windowID
                first = flushLocked()
            }
        case .error(let error):
            buffer = []
            if acceptLocked(.error(error)) { first = .error(error) }
        case .completed:
            first = flushLocked()
            if acceptLocked(.completed), first == nil { first = .completed }
        }
        lock.unlock()
        if let first { emit(first) }
        if let restart { startTimer(restart) }
    }

    /// Under the lock: accepts the buffer for sending; the event to emit if the caller emits.
    private func flushLocked() -> Event<[Element]>? {
        let full = buffer
        buffer = []
        return acceptLocked(.next(full)) ? .next(full) : nil
    }

    /// Schedules the end of period `id`, once the buffer that ended the period before it was
    /// sent (as RxSwift does: what the observer scheduled for that moment while receiving the
    /// buffer runs first).
    ///
    /// The source's thread and the timer's can each start a period and get here in either
    /// order, so the timer is kept only if its period is still the current one: a late timer
    /// of an older period replacing the current one's would leave no period ending by time.
    private func startTimer(_ id: Int) {
        if timer.isDisposed || lock.withLock({ id != windowID }) { return }
        let scheduled = scheduler.scheduleRelative((self, id), dueTime: timeSpan) { sink, id in
            sink.tick(id)
            return Disposables.create()
        }
        lock.lock()
        let current = id == windowID
        if current { timer.disposable = scheduled }
        lock.unlock()
        if !current { scheduled.dispose() }
    }

    private func tick(_ id: Int) {
        lock.lock()
        guard id == windowID else {
            lock.unlock()
            return
        }
        windowID &+= 1
        let next = windowID
        let first = flushLocked()
        lock.unlock()
        if let first { emit(first) }
        startTimer(next)
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
