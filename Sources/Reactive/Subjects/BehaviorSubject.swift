/// A subject that holds a current value: each subscriber first receives it, then later events.
///
/// `value()` throws the error the subject terminated with, or `RxError.disposed` after
/// `dispose()`. A subscriber whose initial value is being delivered while another thread sends
/// receives the events sent meanwhile after it, in order. Observers are called outside the lock.
public final class BehaviorSubject<Element>: Observable<Element>, @unchecked Sendable, SubjectType, Cancelable, ObserverType, SubjectUnsubscribing, SubjectObserving {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    @usableFromInline let lock = Lock()
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var element: Element
    @exclusivity(unchecked) @usableFromInline var observers = SubjectObservers<Element>()
    @exclusivity(unchecked) @usableFromInline var stoppedEvent: StopEvent?
    @exclusivity(unchecked) @usableFromInline var disposed = false
    @usableFromInline let checker = GrammarChecker()

    /// Creates a subject whose current value is `value`.
    @inlinable public init(value: Element) {
        element = value
        super.init(run: { unsafeDowncast($0, to: BehaviorSubject<Element>.self).subscribe(downstream: $1) }, trampolined: false)
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

    /// Whether the subject has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current value.
    /// - Throws: The error the subject failed with, or `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        try lock.withLock {
            if disposed { throw RxError.disposed(object: self) }
            if case .error(let error) = stoppedEvent { throw error }
            return element
        }
    }

    /// Sets the current value (for `next`) and sends the event to the subscribers.
    @inlinable public func on(_ event: Event<Element>) {
        lock.lock()
        if stoppedEvent != nil || disposed {
            lock.unlock()
            return
        }
        if case .next(let value) = event {
            element = value
        } else {
            stoppedEvent = StopEvent(stopping: event)
        }
        let entry = checker.enterLocked()
        SubjectObservers.send(event, of: self, unlocking: lock)
        checker.leave(entry, "BehaviorSubject")
    }

    @inlinable func subscribe(downstream: Downstream<Element>) -> Upstream {
        lock.lock()
        if disposed || stoppedEvent != nil {
            let stopped = disposed ? nil : stoppedEvent
            lock.unlock()
            downstream.endLateSubscription(stopped, subject: self)
            return .none
        }
        let key = observers.insert(downstream, pending: true)
        let current = element
        lock.unlock()
        downstream.on(.next(current))
        drainPending(to: downstream) { lock.withLock { observers.takePending(key) } }
        return .subject(self, key: key)
    }

    @usableFromInline package func unsubscribe(_ key: Int) {
        lock.lock()
        let removed = observers.remove(key)
        lock.unlock()
        _ = removed  // released after unlocking: releasing a sink may run user code
    }

    /// Returns the subject as an observer.
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Drops all subscribers; `value()` and later subscriptions then fail with `RxError.disposed`.
    public func dispose() {
        let dropped: SubjectObservers<Element> = lock.withLock {
            disposed = true
            stoppedEvent = nil
            defer { observers = SubjectObservers() }
            return observers
        }
        _ = dropped
    }
}
