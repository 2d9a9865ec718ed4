extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last one leaves.
    ///
    /// A terminal event ends the connection too: the next subscriber connects again.
    /// Connecting and disconnecting happen outside the operator's lock.
    public func refCount() -> Observable<Element> {
        RefCountObservable(source: self)
    }
}

final class RefCountObservable<Source: ConnectableObservableType>: Observable<Source.Element>, @unchecked Sendable {
    private let source: Source
    private let lock = Lock()
    // Guarded by lock.
    private var count = 0
    private var connection: Disposable?
    private var connectionID = 0

    init(source: Source) {
        self.source = source
        super.init(run: { node, downstream in
            unsafeDowncast(node, to: RefCountObservable<Source>.self).subscribeCounting(consume downstream)
        })
    }

    private func subscribeCounting(_ downstream: consuming Downstream<Source.Element>) -> Upstream {
        let sink = RefCountSink(parent: self, downstream: consume downstream)
        // The subscriber joins the shared subject first. If that ended it (a subject that has
        // terminated replays its end at once), it is not counted and nothing connects: a
        // `.forever` share keeps its terminated subject rather than subscribing the source
        // again (RxSwift's rule).
        sink.setUpstream(source.asObservable().subscribe(Downstream(sink) { unsafeDowncast($0, to: RefCountSink<Source>.self).on(&$1) }))
        let (first, id): (Bool, Int) = lock.withLock {
            if sink.isStopped { return (false, -1) }
            count += 1
            if count == 1 { connectionID += 1 }
            sink.connectionID = connectionID
            return (count == 1, connectionID)
        }
        if first {
            let connection = source.connect()
            let keep: Bool = lock.withLock {
                guard connectionID == id, count > 0 else { return false }
                self.connection = connection
                return true
            }
            if !keep { connection.dispose() }
        }
        return .object(sink)
    }

    /// Ends `sink`'s share of the connection: all of it on a terminal event, else its count.
    /// A sink never counted (its connection is `-1`) or of an earlier connection changes nothing.
    func release(_ sink: RefCountSink<Source>, terminal: Bool) {
        let ending: Disposable? = lock.withLock {
            guard sink.connectionID == connectionID else { return nil }
            if terminal {
                count = 0
            } else {
                count -= 1
                if count > 0 { return nil }
            }
            connectionID += 1
            defer { connection = nil }
            return connection
        }
        ending?.dispose()
    }
}

final class RefCountSink<Source: ConnectableObservableType>: ForwardingSink<Source.Element>, @unchecked Sendable {
    private let parent: RefCountObservable<Source>
    /// The connection this sink is counted in; -1 until counted. Guarded by the parent's lock.
    var connectionID = -1

    init(parent: RefCountObservable<Source>, downstream: Downstream<Source.Element>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    func on(_ event: inout Event<Source.Element>) {
        if case .next = event {
            if !isStopped { downstream.forward(&event) }
            return
        }
        if markStopped() {
            parent.release(self, terminal: true)
            downstream.forward(&event)
            dispose()
        }
    }

    override func dispose() {
        guard disposeOnce() else { return }
        if !hasTerminated { parent.release(self, terminal: false) }
    }
}
