extension ObservableType {
    /// Mirrors whichever of the source and `right` sends an event first; the other is disposed.
    ///
    /// `----1--2--|` with other `--7--8--|` → `amb(other)` → `--7--8--|`
    public func amb<Right: ObservableType>(_ right: Right) -> Observable<Element> where Right.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }

    /// Mirrors whichever of `sequence` sends an event first; the others are disposed.
    ///
    /// The sources are subscribed in order, each of them also after one has sent its first
    /// event while being subscribed (then disposed at once), as in RxSwift. An empty sequence
    /// never sends anything.
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        AmbObservable(sources: Array(sequence))
    }
}

final class AmbObservable<Element>: Observable<Element>, @unchecked Sendable {
    let sources: [Observable<Element>]
    override var chainSources: [AnyObject] { sources }

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init(run: { node, downstream in
            let sink = AmbSink(downstream: consume downstream)
            sink.start(unsafeDowncast(node, to: AmbObservable<Element>.self).sources)
            return .object(sink)
        })
    }
}

final class AmbSink<Element>: SerializingForwardingSink<Element>, @unchecked Sendable {
    // Guarded by lock.
    private var subscriptions: [SingleAssignmentDisposable] = []
    private var winner: Int?

    func start(_ sources: [Observable<Element>]) {
        let slots = sources.map { _ in SingleAssignmentDisposable() }
        lock.withLock { subscriptions = slots }
        setUpstream(.none)
        // Every source is subscribed in turn, also after one has won or ended the result (its
        // slot is then disposed, so the subscription is disposed at once), as RxSwift's nested
        // two-source ambs subscribe both of their sides whatever happened.
        for (index, source) in sources.enumerated() {
            let inner = AmbInnerSink(parent: self, index: index)
            slots[index].setDisposable(source.subscribe(Downstream(inner) { unsafeDowncast($0, to: AmbInnerSink<Element>.self).on(&$1) }))
        }
    }

    fileprivate func onSource(_ event: inout Event<Element>, at index: Int) {
        lock.lock()
        var losers: [SingleAssignmentDisposable] = []
        if winner == nil {
            winner = index
            losers = subscriptions.enumerated().filter { $0.offset != index }.map(\.element)
        }
        guard winner == index else {
            lock.unlock()
            return
        }
        let emitter = acceptLocked(event)
        lock.unlock()
        for loser in losers { loser.dispose() }
        if emitter { emitInPlace(&event) }
    }

    override func dispose() {
        guard disposeOnce() else { return }
        let all = lock.withLock { subscriptions }
        for subscription in all { subscription.dispose() }
    }
}

final class AmbInnerSink<Element>: @unchecked Sendable {
    private let parent: AmbSink<Element>
    private let index: Int

    init(parent: AmbSink<Element>, index: Int) {
        self.parent = parent
        self.index = index
    }

    func on(_ event: inout Event<Element>) {
        parent.onSource(&event, at: index)
    }
}
