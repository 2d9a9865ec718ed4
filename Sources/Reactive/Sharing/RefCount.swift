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
            unsafeDowncast(node, to: RefCountObservable<Source>.self).subscribeCounting(downstream)
        })
    }

    private func subscribeCounting(_ downstream: Downstream<Source.Element>) -> Disposable {
        let (first, id): (Bool, Int) = lock.withLock {
            count += 1
            if count == 1 { connectionID += 1 }
            return (count == 1, connectionID)
        }
        let sink = RefCountSink(parent: self, downstream: downstream, connectionID: id)
        // The subscriber joins the shared subject first, then the first one connects.
        sink.setUpstream(source.asObservable().subscribe(Downstream(sink) { unsafeDowncast($0, to: RefCountSink<Source>.self).on(&$1) }))
        if first {
            let connection = source.connect()
            let keep: Bool = lock.withLock {
                guard connectionID == id, count > 0 else { return false }
                self.connection = connection
                return true
            }
            if !keep { connection.dispose() }
        }
        return sink
    }

    /// A subscriber left (`terminal` false) or saw the end of the connection (`terminal` true).
    func release(connectionID id: Int, terminal: Bool) {
        let ending: Disposable? = lock.withLock {
            guard id == connectionID else { return nil }
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
    private let connectionID: Int

    init(parent: RefCountObservable<Source>, downstream: Downstream<Source.Element>, connectionID: Int) {
        self.parent = parent
        self.connectionID = connectionID
        super.init(downstream: downstream)
    }

    func on(_ event: inout Event<Source.Element>) {
        if case .next = event {
            if !isStopped { downstream.forward(&event) }
            return
        }
        if markStopped() {
            parent.release(connectionID: connectionID, terminal: true)
            downstream.on(event)
            dispose()
        }
    }

    override func dispose() {
        guard disposeOnce() else { return }
        if !hasTerminated { parent.release(connectionID: connectionID, terminal: false) }
    }
}
