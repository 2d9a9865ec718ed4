/// A subject that replays buffered elements to each new subscriber, then sends later events.
///
/// `create(bufferSize:)` keeps the last `bufferSize` elements; `createUnbounded()` keeps all.
/// After termination, a new subscriber receives the buffer and then the terminal event.
/// Observers are called outside the lock; a subscriber being replayed to while another thread
/// sends receives the events sent meanwhile after the replay, in order.
public final class ReplaySubject<Element>: Observable<Element>, @unchecked Sendable, SubjectType, Cancelable, ObserverType, SubjectUnsubscribing, SubjectObserving {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = ReplaySubject<Element>

    @usableFromInline let lock = Lock()
    @usableFromInline let bufferSize: Int?
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var buffer: [Element] = []
    @exclusivity(unchecked) @usableFromInline var bufferStart = 0
    @exclusivity(unchecked) @usableFromInline var observers = SubjectObservers<Element>()
    @exclusivity(unchecked) @usableFromInline var stoppedEvent: StopEvent?
    @exclusivity(unchecked) @usableFromInline var disposed = false
    @usableFromInline let checker = GrammarChecker()

    @inlinable init(bufferSize: Int?) {
        self.bufferSize = bufferSize.map { Swift.max(0, $0) }
        super.init(run: { unsafeDowncast($0, to: ReplaySubject<Element>.self).subscribe(downstream: $1) }, trampolined: false)
    }

    /// Creates a subject that replays the last `bufferSize` elements (none if it is 0 or
    /// negative, as in RxSwift: then it replays only its terminal event).
    @inlinable public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize)
    }

    /// Creates a subject that replays every element it received.
    @inlinable public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

    /// Whether the subject has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Buffers a `next` element and sends the event to the current subscribers.
    @inlinable public func on(_ event: Event<Element>) {
        guard lockAccepting(event) else { return }
        let entry = checker.enterLocked()
        SubjectObservers.send(event, of: self, unlocking: lock)
        checker.leave(entry, "ReplaySubject")
    }

    /// Takes the lock and accepts `event`: buffers an element, records a terminal event; false
    /// (unlocked) if the subject has ended or is disposed.
    @inlinable @inline(__always) func lockAccepting(_ event: Event<Element>) -> Bool {
        lock.lock()
        if stoppedEvent != nil || disposed {
            lock.unlock()
            return false
        }
        if case .next(let value) = event {
            append(value)
        } else {
            stoppedEvent = StopEvent(stopping: event)
        }
        return true
    }

    /// `on(_:)` for an event the caller holds in place: a multicast connection's (`replay(_:)`,
    /// `share(replay:scope:)` beyond one element or `.forever`), delivered without a copy.
    func on(inPlace event: inout Event<Element>) {
        guard lockAccepting(event) else { return }
        let entry = checker.enterLocked()
        SubjectObservers.sendInPlace(&event, of: self, unlocking: lock)
        checker.leave(entry, "ReplaySubject")
    }

    @inlinable func append(_ value: Element) {
        guard let bufferSize else {
            buffer.append(value)
            return
        }
        if bufferSize == 0 { return }
        buffer.append(value)
        if buffer.count - bufferStart > bufferSize { bufferStart += 1 }
        // Compact now and then, so the array stays within twice the buffer size.
        if bufferStart >= bufferSize && bufferStart >= 16 {
            buffer.removeFirst(bufferStart)
            bufferStart = 0
        }
    }

    @inlinable func subscribe(downstream: Downstream<Element>) -> Upstream {
        lock.lock()
        if disposed {
            lock.unlock()
            downstream.endLateSubscription(nil, subject: self)
            return .none
        }
        let replay = buffer[bufferStart...]
        if let stoppedEvent {
            lock.unlock()
            for value in replay { downstream.on(.next(value)) }
            downstream.on(stoppedEvent.retyped())
            return .none
        }
        let key = observers.insert(downstream, pending: true)
        lock.unlock()
        for value in replay { downstream.on(.next(value)) }
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
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Drops all subscribers and the buffer; later subscriptions fail with `RxError.disposed`.
    public func dispose() {
        let dropped: (SubjectObservers<Element>, [Element]) = lock.withLock {
            disposed = true
            stoppedEvent = nil
            defer { observers = SubjectObservers(); buffer = []; bufferStart = 0 }
            return (observers, buffer)
        }
        _ = dropped
    }
}
