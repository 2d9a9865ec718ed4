extension ObservableType {
    /// Sends the source's events until `other` sends an element, then completes.
    ///
    /// `--1--2--3--4--|` with other `-------x--` → `take(until: other)` → `--1--2-|`
    ///
    /// `other` is subscribed first; an element from it completes the result and disposes both,
    /// an error from it is forwarded, its completion changes nothing. The source is subscribed
    /// next, also when `other` ended the result meanwhile (then disposed at once), as in RxSwift.
    /// Events from the two may arrive on different threads; they are delivered one at a time.
    @inlinable public func take<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
        // Inlinable, so that the source's events pass through code specialised for them (made
        // in the library's generic code, an element cost about 1,200 instructions, most of them
        // metadata lookups); `other`'s, which end it, take the library's path.
        UnaryObservable<TakeUntilSink<Element, Other>>(asObservable(), other.asObservable())
    }

    /// The deprecated name of `take(until:)`.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Other>(_ other: some ObservableType<Other>) -> Observable<Element> {
        take(until: other)
    }
}

@usableFromInline final class TakeUntilSink<Element, Other>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let other: Observable<Other>
    private let otherSubscription = SingleAssignmentDisposable()

    @usableFromInline init(downstream: Downstream<Element>, parameters other: Observable<Other>) {
        self.other = other
        super.init(downstream: downstream)
    }

    @usableFromInline func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        otherSubscription.setDisposable(other.subscribe(Downstream(self) { unsafeDowncast($0, to: TakeUntilSink.self).onOther(&$1) }))
        // Subscribed also when `other` ended the result meanwhile (its subscription is then
        // disposed at once), as RxSwift subscribes both whatever happened.
        setUpstream(source.subscribe(sourceObserver))
    }

    @inlinable func on(_ event: inout Event<Element>) {
        guard case .next = event else {
            sourceEnded(event)
            return
        }
        sendInPlace(&event)
    }

    /// The source's terminal event, sent by the library's code (rare; inlined, about 100 bytes
    /// of an app's text a use).
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func sourceEnded(_ event: Event<Element>) {
        send(event)
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
