/// A subject that sends only the last element, and only when it completes.
///
/// On `completed`, subscribers receive the last element (if any) and `completed`; on `error`,
/// only the error. Later subscribers receive the same. Observers are called outside the lock.
public final class AsyncSubject<Element>: Observable<Element>, @unchecked Sendable, SubjectType, Cancelable, ObserverType, SubjectUnsubscribing {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = AsyncSubject<Element>

    @usableFromInline let lock = Lock()
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var lastElement: Element?
    @exclusivity(unchecked) @usableFromInline var observers = SubjectObservers<Element>()
    @exclusivity(unchecked) @usableFromInline var stoppedEvent: StopEvent?
    @exclusivity(unchecked) @usableFromInline var disposed = false
    // No grammar check: it delivers only its terminal event, and everything sent during that
    // delivery (from its thread or another) comes after it and is dropped, which is not reported.

    /// Creates a subject with no element yet.
    @inlinable public init() {
        super.init(run: { unsafeDowncast($0, to: AsyncSubject<Element>.self).subscribe(downstream: $1) }, trampolined: false)
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

    /// Whether the subject has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Remembers a `next` element; on a terminal event, sends the result to the subscribers.
    @inlinable public func on(_ event: Event<Element>) {
        lock.lock()
        if stoppedEvent != nil || disposed {
            lock.unlock()
            return
        }
        if case .next(let value) = event {
            // Nothing is delivered: elements from two threads are only ordered by the lock.
            lastElement = value
            lock.unlock()
            return
        }
        stoppedEvent = StopEvent(stopping: event)
        let last = event.isCompleted ? lastElement : nil
        let recipients = observers.removeAll(delivering: event)
        lock.unlock()
        if let last {
            for recipient in recipients { recipient.observer.on(.next(last)) }
        }
        for recipient in recipients { recipient.observer.on(event) }
    }

    @inlinable func subscribe(downstream: consuming Downstream<Element>) -> Upstream {
        lock.lock()
        if disposed {
            lock.unlock()
            downstream.endLateSubscription(nil, subject: self)
            return .none
        }
        if let stoppedEvent {
            let last = stoppedEvent.isCompleted ? lastElement : nil
            lock.unlock()
            if let last { downstream.on(.next(last)) }
            downstream.on(stoppedEvent.retyped())
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
    public func asObserver() -> AsyncSubject<Element> { self }

    /// Drops all subscribers; later subscriptions fail with `RxError.disposed`.
    public func dispose() {
        let dropped: (SubjectObservers<Element>, Element?) = lock.withLock {
            disposed = true
            stoppedEvent = nil
            defer { observers = SubjectObservers(); lastElement = nil }
            return (observers, lastElement)
        }
        _ = dropped
    }
}
