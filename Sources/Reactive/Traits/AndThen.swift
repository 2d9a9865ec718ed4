extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Runs `second` after this completes.
    ///
    /// `---|` with next `--1|` → `source.ignoreElements().asCompletable().andThen(next.asSingle())` → `------(1|)`
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
    /// Nil only once `deinit` has unlinked it from a chain (see there).
    private var firstLink: Observable<Never>?
    let second: Observable<Element>

    var first: Observable<Never> { firstLink.unsafelyUnwrapped }
    override var chainSources: [AnyObject] { [firstLink as AnyObject?, second].compactMap { $0 } }

    init(first: Observable<Never>, second: Observable<Element>) {
        firstLink = first
        self.second = second
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: AndThenObservable<Element>.self)
            if let chain = node.completableChain {
                let sink = AndThenChainSink(downstream: consume downstream, completables: chain, last: node.second)
                sink.start()
                return .object(sink)
            }
            let sink = AndThenSink(downstream: consume downstream, second: node.second)
            sink.run(node.first)
            return .object(sink)
        })
    }

    /// Releases a chain `a.andThen(b).andThen(c)…` link by link: each link holds the one
    /// before it, so releasing the last would release the others recursively, one stack frame
    /// (and more) per link, and 100 000 links overflowed the stack. The links only this one
    /// holds are unlinked in a loop instead.
    deinit {
        guard var earlier = firstLink.take() else { return }
        while isKnownUniquelyReferenced(&earlier), earlier.kind == .other, let link = earlier as? AndThenObservable<Never>, let before = link.firstLink.take() {
            earlier = before
        }
    }

    /// The completables of a chain `a.andThen(b).andThen(c)…` before `second`, in order, when
    /// `first` is itself an `andThen` of completables; nil otherwise. Subscribed link by link,
    /// such a chain nested one subscription, and one stack frame, per link (100 000 links
    /// overflowed the stack): run from this list, it takes one sink and no depth.
    private var completableChain: [Observable<Never>]? {
        guard first.kind == .other, var link = first as? AndThenObservable<Never> else { return nil }
        var reversed = [link.second]
        while link.first.kind == .other, let earlier = link.first as? AndThenObservable<Never> {
            reversed.append(earlier.second)
            link = earlier
        }
        reversed.append(link.first)
        return reversed.reversed()
    }
}

/// A chain of completables, then the last sequence, run one after another as RxSwift's nested
/// `andThen`s run them: each one subscribed when the one before it completes, which is then
/// disposed; an error ends the chain. One completing inside its own `subscribe` has the next
/// one subscribed once that `subscribe` returns, not from inside it, so the stack stays flat.
final class AndThenChainSink<Element>: SequentialSink<Element>, @unchecked Sendable {
    private let completables: [Observable<Never>]
    private let last: Observable<Element>
    /// The next of `completables` to subscribe; `completables.count` for `last`, then one more.
    private var next = 0

    init(downstream: Downstream<Element>, completables: [Observable<Never>], last: Observable<Element>) {
        self.completables = completables
        self.last = last
        super.init(downstream: downstream, disposesFinishedSourceFirst: false)
    }

    override func nextSource() -> Observable<Element>? {
        defer { next += 1 }
        if next < completables.count { return completables[next].map { (never: Never) -> Element in } }
        return next == completables.count ? last : nil
    }

    override func onTerminal(_ event: Event<Element>) {
        if next <= completables.count, case .completed = event {
            subscribeNext()
        } else {
            forward(event)
        }
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
            current.disposable = second.subscribe(Downstream(self) { unsafeDowncast($0, to: AndThenSink<Element>.self).forward(&$1) })
        }
    }
}
