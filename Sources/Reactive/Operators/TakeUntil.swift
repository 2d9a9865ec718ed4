extension ObservableType {
    /// Sends the source's events until `other` sends an element, then completes.
    ///
    /// `--1--2--3--4--|` with other `-------x--` → `take(until: other)` → `--1--2-|`
    ///
    /// `other` is subscribed first; an element from it completes the result and disposes both,
    /// an error from it is forwarded, its completion changes nothing. The source is subscribed
    /// next, also when `other` ended the result meanwhile (then disposed at once), as in RxSwift.
    /// Events from the two may arrive on different threads; they are delivered one at a time.
    public func take<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
        UnaryObservable<TakeUntilSink<Element, Other>>(asObservable(), other.asObservable())
    }

    /// The deprecated name of `take(until:)`.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Other>(_ other: some ObservableType<Other>) -> Observable<Element> {
        take(until: other)
    }
}

final class TakeUntilSink<Element, Other>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let other: Observable<Other>
    private let otherSubscription = SingleAssignmentDisposable()

    init(downstream: Downstream<Element>, parameters other: Observable<Other>) {
        self.other = other
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        otherSubscription.setDisposable(other.subscribe(Downstream(self) { unsafeDowncast($0, to: TakeUntilSink.self).onOther(&$1) }))
        // Subscribed also when `other` ended the result meanwhile (its subscription is then
        // disposed at once), as RxSwift subscribes both whatever happened.
        setUpstream(source.subscribe(sourceObserver))
    }

    func on(_ event: inout Event<Element>) {
        sendInPlace(&event)
    }

    private func onOther(_ event: inout Event<Other>) {
        switch event {
        case .next: send(.completed)
        case .error(let error): send(.error(error))
        case .completed: otherSubscription.dispose()
        }
    }

    override func dispose() {
        if disposeOnce() { otherSubscription.dispose() }
    }
}
