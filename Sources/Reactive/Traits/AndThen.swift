extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Runs `second` after this completes.
    ///
    /// `---|` then `--1|` → `andThen` → `-----1|`
    ///
    /// An error of this completable is forwarded and `second` is never subscribed. Once this
    /// completable has completed, its subscription is disposed and released (as RxSwift does),
    /// so what it holds does not live on while `second` runs.
    public func andThen<Next>(_ second: Single<Next>) -> Single<Next> {
        Single(raw: AndThenObservable(first: source, second: second.source))
    }

    /// Runs `second` after this completes; see `andThen(_:)` for a `Single`.
    public func andThen<Next>(_ second: Maybe<Next>) -> Maybe<Next> {
        Maybe(raw: AndThenObservable(first: source, second: second.source))
    }

    /// Runs `second` after this completes; see `andThen(_:)` for a `Single`.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: AndThenObservable(first: source, second: second.source))
    }

    /// Runs `second` after this completes; see `andThen(_:)` for a `Single`.
    public func andThen<Next>(_ second: Observable<Next>) -> Observable<Next> {
        AndThenObservable(first: source, second: second)
    }
}

final class AndThenObservable<Element>: Observable<Element>, @unchecked Sendable {
    let first: Observable<Never>
    let second: Observable<Element>

    init(first: Observable<Never>, second: Observable<Element>) {
        self.first = first
        self.second = second
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: AndThenObservable<Element>.self)
            let sink = AndThenSink(downstream: consume downstream, second: node.second)
            sink.run(node.first)
            return .object(sink)
        })
    }
}

final class AndThenSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    private let second: Observable<Element>
    /// The first completable's subscription, then the second's, which replaces (and so
    /// disposes) it.
    private let current = SerialDisposable()

    init(downstream: Downstream<Element>, second: Observable<Element>) {
        self.second = second
        super.init(downstream: downstream)
    }

    func run(_ first: Observable<Never>) {
        setUpstream(.object(current))
        // Held in the serial slot before subscribing: a first completable that completes inside
        // `subscribe` puts the second's subscription there, which its own late-arriving
        // subscription must not replace.
        let firstSubscription = SingleAssignmentDisposable()
        current.disposable = firstSubscription
        firstSubscription.setDisposable(first.subscribe(Downstream(self) { unsafeDowncast($0, to: AndThenSink<Element>.self).onFirst(&$1) }))
    }

    private func onFirst(_ event: inout Event<Never>) {
        switch event {
        case .error(let error):
            forwardError(error)
        case .completed:
            if isStopped { return }
            current.disposable = second.subscribe(Downstream(self) { unsafeDowncast($0, to: AndThenSink<Element>.self).forward($1) })
        }
    }
}
