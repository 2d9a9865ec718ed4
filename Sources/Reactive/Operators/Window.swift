extension ObservableType {
    /// Splits the elements into windows (observables), a new one every `timeSpan` or as soon as
    /// the current one holds `count` elements.
    ///
    /// `--1-2-3---|` → `window(timeSpan: .seconds(5), count: 2, scheduler: scheduler).flatMap { $0.toArray() }` → `----x----y(z|)` where `x = [1, 2]`, `y = [3]`, `z = [Int]()`
    ///
    /// The first window is sent at subscription. Each window is a hot observable: subscribe to
    /// it when it arrives, or its elements are missed. Completion and errors end the current
    /// window and the result. Disposing the result stops new windows from being sent, but the
    /// source and the timer go on while a window is subscribed (reference counted, as in
    /// RxSwift): that window still gets its elements and its end, and the source is disposed
    /// when its subscription ends. A `count` below 1 fails with `RxError.argumentOutOfRange`.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        if count < 1 { return Observable.error(RxError.argumentOutOfRange) }
        return UnaryObservable<WindowSink<Element>>(asObservable(), (timeSpan, count, scheduler))
    }
}

final class WindowSink<Element>: ForwardingSink<Observable<Element>>, UnaryOperatorSink, @unchecked Sendable {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    /// The source's subscription and the timer, disposed once the result's subscription (the
    /// primary reference, held as this sink's upstream) and every window subscription are.
    private let references: RefCountDisposable

    /// What happens to the windows, in order: the source's events and the timer's ticks come
    /// from different threads, and a window's subscribers may send into the source re-entrantly,
    /// so actions are queued and run one at a time by whoever found the queue idle, with no lock
    /// held while a window or the downstream observer is called. This queue is also what keeps
    /// the downstream's events from overlapping (the first window is sent before the timer and
    /// the source start), so the sink forwards directly rather than through a serializing sink.
    private enum Action {
        case event(Event<Element>)
        case tick(Int)
    }

    private let actionLock = Lock()
    // Guarded by actionLock.
    private var actions: [Action] = []
    private var running = false
    // Only touched by the thread running actions.
    private var window = PublishSubject<Element>()
    private var windowCount = 0
    private var windowID = 0

    init(downstream: Downstream<Observable<Element>>, parameters: (RxTimeInterval, Int, SchedulerType)) {
        (timeSpan, count, scheduler) = parameters
        references = RefCountDisposable(disposable: BinaryDisposable(sourceSubscription, timer))
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        setUpstream(.object(references))
        forward(.next(window.asObservable().holdingReference(of: references)))
        startTimer(0)
        sourceSubscription.setDisposable(source.subscribe(sourceObserver))
    }

    func on(_ event: inout Event<Element>) {
        perform(.event(event))
    }

    private func perform(_ action: Action) {
        let runner: Bool = actionLock.withLock {
            actions.append(action)
            defer { running = true }
            return !running
        }
        guard runner else { return }
        while true {
            let next: Action? = actionLock.withLock {
                if actions.isEmpty {
                    running = false
                    return nil
                }
                return actions.removeFirst()
            }
            guard let next else { return }
            // Not `isDisposed`: after the result is disposed, a window still subscribed is served.
            if hasTerminated || sourceSubscription.isDisposed { continue }
            apply(next)
        }
    }

    /// Events go to the window in place (`on(inPlace:)`): a chain of windows then costs fewer
    /// stack frames a link.
    private func apply(_ action: Action) {
        switch action {
        case .event(var event):
            switch event {
            case .next:
                windowCount += 1
                window.on(inPlace: &event)
                if windowCount == count { openWindow() }
            case .error, .completed:
                window.on(inPlace: &event)
                // In place, as the window's (a terminal event also runs down a chain of windows).
                var stop: Event<Observable<Element>> = if case .error(let error) = event { .error(error) } else { .completed }
                forward(&stop)
                sourceSubscription.dispose()
                timer.dispose()
            }
        case .tick(let id):
            if id == windowID { openWindow() }
        }
    }

    /// Completes the current window and sends a new one.
    private func openWindow() {
        let old = window
        window = PublishSubject<Element>()
        windowID &+= 1
        windowCount = 0
        old.on(.completed)
        forward(.next(window.asObservable().holdingReference(of: references)))
        startTimer(windowID)
    }

    private func startTimer(_ id: Int) {
        timer.disposable = scheduler.scheduleRelative((self, id), dueTime: timeSpan) { sink, id in
            sink.perform(.tick(id))
            return Disposables.create()
        }
    }
}
