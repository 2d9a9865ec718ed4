extension ObservableType {
    /// Combines each element of the source with the latest element of `second`.
    ///
    /// `----1-----2--3--|` with second `-a------b------` → `withLatestFrom(second) { "\($0)\($1)" }` → `----x-----y--z--|` where `x = "1a"`, `y = "2b"`, `z = "3b"`
    ///
    /// Source elements before `second`'s first element are dropped. An error from either is
    /// forwarded; `second` completing changes nothing; the source completing completes the
    /// result. An error thrown by `resultSelector` is sent as an `error` event. The selector runs
    /// on the source's thread, outside the operator's lock. `second` is subscribed first, then the
    /// source, also when `second` failed meanwhile (then disposed at once), as in RxSwift.
    public func withLatestFrom<Second: ObservableConvertibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) throws -> Result) -> Observable<Result> {
        UnaryObservable<WithLatestFromSink<Element, Second.Element, Result>>(asObservable(), (second.asObservable(), resultSelector))
    }

    /// Replaces each element of the source with the latest element of `second`.
    ///
    /// `----1-----2--3--|` with second `-a------b------` → `withLatestFrom(second)` → `----a-----b--b--|`
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }
}

final class WithLatestFromSink<Element, Second, Result>: SerializingForwardingSink<Result>, UnaryOperatorSink, @unchecked Sendable {
    private let second: Observable<Second>
    private let resultSelector: (Element, Second) throws -> Result
    private let secondSubscription = SingleAssignmentDisposable()
    private var latest: Second?  // guarded by lock

    init(downstream: Downstream<Result>, parameters: (Observable<Second>, (Element, Second) throws -> Result)) {
        (second, resultSelector) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        secondSubscription.setDisposable(second.subscribe(Downstream(self) { unsafeDowncast($0, to: WithLatestFromSink.self).onSecond(&$1) }))
        // Subscribed also when the second sequence ended the result meanwhile (its
        // subscription is then disposed at once), as RxSwift subscribes both whatever happened.
        // Its own handler rather than `sourceObserver`: made here, it calls `on(_:)` directly
        // and inlines it (one stack frame less per link of a chain, unspecialised).
        setUpstream(source.subscribe(Downstream(self) { unsafeDowncast($0, to: WithLatestFromSink.self).on(&$1) }))
    }

    @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            guard let latest = lock.withLock({ latest }) else { return }
            var result: Event<Result>
            do {
                result = .next(try resultSelector(element, latest))
            } catch {
                result = .error(error)
            }
            sendInPlace(&result)
        case .error(let error):
            var stop = Event<Result>.error(error)
            sendInPlace(&stop)
        case .completed:
            var stop = Event<Result>.completed
            sendInPlace(&stop)
        }
    }

    private func onSecond(_ event: inout Event<Second>) {
        switch event {
        case .next(let value):
            lock.withLock { latest = value }
        case .error(let error):
            send(.error(error))
        case .completed:
            secondSubscription.dispose()
        }
    }

    override func dispose() {
        if disposeOnce() { secondSubscription.dispose() }
    }
}
