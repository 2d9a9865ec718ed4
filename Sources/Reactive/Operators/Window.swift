extension ObservableType {
    /// Splits the elements into windows (observables), a new one every `timeSpan` or as soon as
    /// the current one holds `count` elements.
    ///
    /// `--1-2-3--|` → `window(timeSpan: 4 ticks, count: 2)` → `W1(1,2|)--W2(3|)--W3(|)`
    ///
    /// The first window is sent at subscription. Each window is a hot observable: subscribe to
    /// it when it arrives, or its elements are missed. Completion and errors end the current
    /// window and the result. A `count` below 1 fails with `RxError.argumentOutOfRange`.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        if count < 1 { return Observable.error(RxError.argumentOutOfRange) }
        return UnaryObservable<WindowSink<Element>>(asObservable(), (timeSpan, count, scheduler))
    }
}

final class WindowSink<Element>: SerializingForwardingSink<Observable<Element>>, UnaryOperatorSink, @unchecked Sendable {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    // Guarded by lock (the subject is called outside it, by one thread at a time: the source's
    // events do not overlap and timer ticks go through `windowLock`).
    private var window = PublishSubject<Element>()
    private var windowCount = 0
    private var windowID = 0
    private let windowLock = Lock()

    init(downstream: Downstream<Observable<Element>>, parameters: (RxTimeInterval, Int, SchedulerType)) {
        (timeSpan, count, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>) {
        let first = lock.withLock { window }
        send(.next(first.asObservable()))
        startTimer(0)
        setUpstream(source.subscribe(sourceObserver))
    }

    func on(_ event: inout Event<Element>) {
        windowLock.lock()
        defer { windowLock.unlock() }
        switch event {
        case .next(let element):
            let (current, full): (PublishSubject<Element>, Bool) = lock.withLock {
                windowCount += 1
                return (window, windowCount == count)
            }
            current.on(.next(element))
            if full { openWindow(timerID: nil) }
        case .error(let error):
            lock.withLock { window }.on(.error(error))
            send(.error(error))
        case .completed:
            lock.withLock { window }.on(.completed)
            send(.completed)
        }
    }

    /// Completes the current window and sends a new one; `timerID` is the tick's, if a tick.
    private func openWindow(timerID: Int?) {
        let fresh = PublishSubject<Element>()
        let swap: (old: PublishSubject<Element>, id: Int)? = lock.withLock {
            if let timerID, timerID != windowID { return nil }
            if done { return nil }
            windowID &+= 1
            windowCount = 0
            defer { window = fresh }
            return (window, windowID)
        }
        guard let swap else { return }
        swap.old.on(.completed)
        send(.next(fresh.asObservable()))
        startTimer(swap.id)
    }

    private func startTimer(_ id: Int) {
        timer.disposable = scheduler.scheduleRelative((self, id), dueTime: timeSpan) { sink, id in
            sink.windowLock.withLock { sink.openWindow(timerID: id) }
            return Disposables.create()
        }
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
