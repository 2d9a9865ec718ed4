extension ObservableType {
    /// Drops the source's elements until `other` sends an element, then sends them.
    ///
    /// `--1--2--3--4--|` with other `-----x--` → `skip(until: other)` → `--------3--4--|`
    ///
    /// An error from `other` is forwarded; its first element or its completion ends the
    /// subscription to it. The source's error is always forwarded; its completion only once
    /// elements are let through: a source completing while still skipping ends the
    /// subscription silently, disposing both (as RxSwift does).
    public func skip<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
        UnaryObservable<SkipUntilSink<Element, Other>>(asObservable(), other.asObservable())
    }

    /// The deprecated name of `skip(until:)`.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Other>(_ other: some ObservableType<Other>) -> Observable<Element> {
        skip(until: other)
    }
}

final class SkipUntilSink<Element, Other>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let other: Observable<Other>
    private let otherSubscription = SingleAssignmentDisposable()
    private var open = false  // guarded by lock

    init(downstream: Downstream<Element>, parameters other: Observable<Other>) {
        self.other = other
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        // Its own handler rather than `sourceObserver`: made here, it calls `on(_:)` directly
        // and inlines it, where the shared one calls it through the protocol (one stack frame
        // more per link of a chain, in code that runs unspecialised).
        setUpstream(source.subscribe(Downstream(self) { unsafeDowncast($0, to: SkipUntilSink.self).on(&$1) }))
        otherSubscription.setDisposable(other.subscribe(Downstream(self) { unsafeDowncast($0, to: SkipUntilSink.self).onOther(&$1) }))
    }

    @inline(__always) func on(_ event: inout Event<Element>) {
        lock.lock()
        if !open && !event.isStopEvent {
            lock.unlock()
            return
        }
        if !open, case .completed = event {
            lock.unlock()
            dispose()
            return
        }
        let emitter = acceptLocked(event)
        lock.unlock()
        if emitter { emitInPlace(&event) }
    }

    private func onOther(_ event: inout Event<Other>) {
        switch event {
        case .next:
            lock.withLock { open = true }
            otherSubscription.dispose()
        case .error(let error):
            send(.error(error))
        case .completed:
            otherSubscription.dispose()
        }
    }

    override func dispose() {
        if disposeOnce() { otherSubscription.dispose() }
    }
}
