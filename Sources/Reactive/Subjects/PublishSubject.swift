/// A subject that sends each event to the observers subscribed at that moment.
///
/// A subscriber after termination receives only the terminal event; after `dispose()` it
/// receives `RxError.disposed`. `on` is thread-safe, but the grammar still applies: calls to
/// `on` must not overlap (debug builds report overlapping calls from two threads).
/// Observers are called outside the subject's lock, so they may subscribe, dispose or send.
public final class PublishSubject<Element>: Observable<Element>, @unchecked Sendable, SubjectType, Cancelable, ObserverType, SubjectUnsubscribing, SubjectObserving {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = PublishSubject<Element>

    @usableFromInline let lock = Lock()
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var observers = SubjectObservers<Element>()
    @exclusivity(unchecked) @usableFromInline var stoppedEvent: StopEvent?
    @exclusivity(unchecked) @usableFromInline var disposed = false
    @usableFromInline let checker = GrammarChecker()

    /// Creates a subject with no subscribers.
    @inlinable public init() {
        super.init(run: { unsafeDowncast($0, to: PublishSubject<Element>.self).subscribe(downstream: $1) }, trampolined: false)
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

    /// Whether the subject has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Sends an event to the current subscribers; ignored after a terminal event or disposal.
    @inlinable public func on(_ event: Event<Element>) {
        guard lockAccepting(event) else { return }
        let entry = checker.enterLocked()
        SubjectObservers.send(event, of: self, unlocking: lock)
        checker.leave(entry, "PublishSubject")
    }

    /// Takes the lock and accepts `event`, recording a terminal one; false (unlocked) if the
    /// subject has ended or is disposed.
    @inlinable @inline(__always) func lockAccepting(_ event: Event<Element>) -> Bool {
        lock.lock()
        if stoppedEvent != nil || disposed {
            lock.unlock()
            return false
        }
        stoppedEvent = StopEvent(stopping: event)  // nil for a next: none was set (checked above)
        return true
    }

    /// `on(_:)` for an event the caller holds in place: a multicast connection's
    /// (`publish()`, `share(scope: .forever)`), delivered without a copy.
    func on(inPlace event: inout Event<Element>) {
        guard lockAccepting(event) else { return }
        let entry = checker.enterLocked()
        SubjectObservers.sendInPlace(&event, of: self, unlocking: lock)
        checker.leave(entry, "PublishSubject")
    }

    @inlinable func subscribe(downstream: consuming Downstream<Element>) -> Upstream {
        lock.lock()
        if disposed || stoppedEvent != nil {
            let stopped = disposed ? nil : stoppedEvent
            lock.unlock()
            downstream.endLateSubscription(stopped, subject: self)
            return .none
        }
        let key = observers.insert(consume downstream)
        lock.unlock()
        return .subject(self, key: key)
    }

    @usableFromInline package func unsubscribe(_ key: Int) {
        lock.lock()
        let removed = observers.remove(key)
        lock.unlock()
        _ = removed  // released after unlocking: releasing a sink may run user code
    }

    /// Returns the subject as an observer.
    public func asObserver() -> PublishSubject<Element> { self }

    /// Drops all subscribers without sending them anything; later subscribers get `RxError.disposed`.
    public func dispose() {
        let dropped: SubjectObservers<Element> = lock.withLock {
            disposed = true
            stoppedEvent = nil
            defer { observers = SubjectObservers() }
            return observers
        }
        _ = dropped  // released outside the lock
    }
}
