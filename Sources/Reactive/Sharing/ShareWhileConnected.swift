/// `share(replay: 0 or 1, scope: .whileConnected)`, as RxSwift's own node for them: one
/// connection at a time is both the source's observer and the list of subscribers.
///
/// The first subscriber makes a connection and connects it (subscribes the source); later ones
/// join it, and with `replay: 1` first receive the latest element; the last one to leave
/// disconnects it, and a terminal event ends it, so the next subscriber connects afresh. This is
/// what `publish()` (or `replay(1)`) followed by `refCount()` does, without their three hops per
/// event (connection, subject, reference-counting sink): an element reaches a subscriber
/// through the connection alone, so a chain of shares costs one small stack frame per link.
///
/// Subscribed directly, with no current-thread trampoline, as RxSwift's. One lock, this node's,
/// guards the current connection and its subscribers; nothing is called under it.
@usableFromInline final class ShareWhileConnectedObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    override var chainSources: [AnyObject] { [source] }
    @usableFromInline let replaysLatest: Bool
    @usableFromInline let lock = Lock()
    // Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var connection: ShareConnection<Element>?
    /// The connection's handler of the source's events, made where the element type is known
    /// (see `share(replay:scope:)`).
    let delivery: (AnyObject, inout Event<Element>) -> Void

    @usableFromInline init(source: Observable<Element>, replaysLatest: Bool, delivery: @escaping (AnyObject, inout Event<Element>) -> Void) {
        self.source = source
        self.replaysLatest = replaysLatest
        self.delivery = delivery
        super.init(run: { node, downstream in
            unsafeDowncast(node, to: ShareWhileConnectedObservable<Element>.self).subscribeShared(consume downstream)
        }, trampolined: false)
    }

    private func subscribeShared(_ downstream: consuming Downstream<Element>) -> Upstream {
        lock.lock()
        let connection: ShareConnection<Element>
        if let current = self.connection {
            connection = current
        } else {
            connection = ShareConnection(parent: self)
            self.connection = connection
        }
        let connects = !connection.connected
        connection.connected = true
        let latest = connection.latest
        let key = connection.observers.insert(copy downstream, pending: latest != nil)
        lock.unlock()
        if let latest {
            // The latest element first; what the source sends meanwhile is queued for this
            // subscriber and delivered after it, in order.
            downstream.on(.next(latest))
            drainPending(to: downstream) { lock.withLock { connection.observers.takePending(key) } }
        }
        if connects { connection.connect(to: source) }
        return .subject(connection, key: key)
    }
}

/// One connection of a `ShareWhileConnectedObservable`: the source's subscription, and the
/// subscribers it delivers to (under the parent's lock, as a subject keeps them).
///
/// It stands for the subscribers' observer, as RxSwift's connection does (`FinalObserverSink`:
/// a `do` on the source keeps RxSwift's order of its handlers). On a terminal event it ends the
/// source's subscription before the subscribers hear the end, as RxSwift's connection does.
@usableFromInline final class ShareConnection<Element>: Sink, FinalObserverSink, SubjectObserving, SubjectUnsubscribing, @unchecked Sendable {
    @usableFromInline let parent: ShareWhileConnectedObservable<Element>
    // Guarded by the parent's lock.
    @exclusivity(unchecked) @usableFromInline var observers = SubjectObservers<Element>()
    @exclusivity(unchecked) var connected = false
    /// The latest element, when the parent replays it.
    @exclusivity(unchecked) @usableFromInline var latest: Element?

    init(parent: ShareWhileConnectedObservable<Element>) {
        self.parent = parent
        super.init()
    }

    /// RxSwift's connection leaves the source's disposal to the source after its end (see
    /// `FinalObserverSink`).
    @usableFromInline var isFinalObserver: Bool { true }

    /// The handler of the source's events, for `share(replay:scope:)` to make where it is
    /// called: made here, in the connection's own context, it captures nothing (made in
    /// `ObservableType`'s extension, in generic code, it captured `Self`).
    @inlinable static var delivery: (AnyObject, inout Event<Element>) -> Void {
        { unsafeDowncast($0, to: ShareConnection<Element>.self).on(&$1) }
    }

    func connect(to source: Observable<Element>) {
        setUpstream(source.subscribe(Downstream(self, parent.delivery)))
    }

    /// An event of the source: an element is delivered in place to the subscribers of the
    /// moment (copied under the lock), or queued for one still receiving the latest element.
    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        guard case .next(let element) = event else {
            end(event)
            return
        }
        parent.lock.lock()
        guard parent.connection === self else {
            // Ended: disconnected, or terminated (a late event of a source that ignores disposal).
            parent.lock.unlock()
            return
        }
        if parent.replaysLatest { latest = element }
        // Written out on the stored property, not through `SubjectObservers.sendInPlace`: that
        // reaches `observers` through `SubjectObserving`, which a share made in generic code
        // (every `Driver`'s) ran with a dynamic exclusivity check a read (about 60 instructions).
        if observers.pending != nil {
            // A subscriber still receiving the latest element: queued for it.
            observers.sendQueueingOrEnding(event, unlocking: parent.lock)
        } else if let lone = observers.loneObserver {
            parent.lock.unlock()
            lone.forward(&event)
        } else if let several = observers.several {
            parent.lock.unlock()
            for entry in several { entry.observer.forward(&event) }
        } else {
            parent.lock.unlock()
        }
    }

    /// The source's terminal event: the next subscriber connects afresh. The source's
    /// subscription ends before the subscribers hear it, as in RxSwift.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func end(_ event: Event<Element>) {
        parent.lock.lock()
        guard parent.connection === self else {
            parent.lock.unlock()
            return
        }
        parent.connection = nil
        latest = nil
        let live = observers.removeAll(delivering: event)
        parent.lock.unlock()
        _ = markStopped()
        dispose()
        var event = event
        for entry in live { entry.observer.forward(&event) }
    }

    /// A subscriber leaves; the last one disconnects.
    @usableFromInline func unsubscribe(_ key: Int) {
        parent.lock.lock()
        let removed = observers.remove(key)
        let disconnects = removed != nil && observers.isEmpty && parent.connection === self
        if disconnects {
            parent.connection = nil
            latest = nil
        }
        parent.lock.unlock()
        _ = removed  // released after unlocking: releasing a sink may run user code
        if disconnects { dispose() }
    }
}
