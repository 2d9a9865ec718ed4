extension ObservableType {
    /// Shares the source through `subject` once connected: every subscriber subscribes to the
    /// subject, and `connect()` subscribes the subject to the source.
    ///
    /// The same subject serves every connection: after it has terminated, later subscribers get
    /// only its terminal event (or its replay).
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject }, resetsSubject: false)
    }

    /// Shares the source through a subject made by `makeSubject` for each connection.
    ///
    /// When a connection ends (terminal event or disposal) the next subscriber or `connect()`
    /// gets a fresh subject, so the sequence can be connected again.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject, resetsSubject: true)
    }
}

extension ObservableType {
    /// Shares the source, within one subscription, among the subscriptions `selector` makes.
    ///
    /// Each subscription makes a subject with `subjectSelector`, hands `selector` the source
    /// multicast through it, subscribes to what `selector` returns and then connects: so
    /// `xs.multicast({ PublishSubject() }) { shared in shared.zip(shared.skip(1)) }` subscribes
    /// `xs` once. An error thrown by either closure is sent as an `error` event. Disposing (or
    /// the result's terminal event) disposes the selector's subscription, then the connection.
    public func multicast<Subject: SubjectType, Result>(_ subjectSelector: @escaping () throws -> Subject, selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>) -> Observable<Result> where Subject.Observer.Element == Element {
        MulticastSelectorObservable(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
    }
}

final class MulticastSelectorObservable<Subject: SubjectType, Result>: Observable<Result>, @unchecked Sendable {
    let source: Observable<Subject.Observer.Element>
    override var chainSources: [AnyObject] { [source] }
    let subjectSelector: () throws -> Subject
    let selector: (Observable<Subject.Element>) throws -> Observable<Result>

    init(source: Observable<Subject.Observer.Element>, subjectSelector: @escaping () throws -> Subject, selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: MulticastSelectorObservable<Subject, Result>.self)
            let sink = ForwardingSink(downstream: consume downstream)
            do {
                let subject = try node.subjectSelector()
                let connectable = node.source.multicast(subject)
                let observable = try node.selector(connectable.asObservable())
                let subscription = observable.subscribe(Downstream(sink) { unsafeDowncast($0, to: ForwardingSink<Result>.self).forward(&$1) })
                let connection = connectable.connect()
                sink.setUpstream(.object(BinaryDisposable(subscription, connection)))
            } catch {
                sink.forwardError(error)
            }
            return .object(sink)
        })
    }
}

/// The connectable behind `multicast`, `publish` and `replay`.
///
/// Decisions (which subject, which connection) are made under the lock; subscribing, sending
/// and disposing happen after unlocking, so a subscriber may subscribe, dispose or connect from
/// inside `onNext` without deadlock.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>, @unchecked Sendable {
    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject
    private let resetsSubject: Bool
    private let lock = Lock()
    // Guarded by lock.
    private var subject: Subject?
    private var connection: MulticastConnection<Subject>?

    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject, resetsSubject: Bool) {
        self.source = source
        self.makeSubject = makeSubject
        self.resetsSubject = resetsSubject
        // Subscribes the subject directly, as RxSwift's does: no current-thread trampoline.
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: ConnectableObservableAdapter<Subject>.self)
            let subject = node.lock.withLock { node.lazySubjectLocked() }
            return subject.asObservable().subscribe(consume downstream)
        }, trampolined: false)
    }

    private func lazySubjectLocked() -> Subject {
        if let subject { return subject }
        let created = makeSubject()
        subject = created
        return created
    }

    override func connect() -> Disposable {
        let (connection, isNew): (MulticastConnection<Subject>, Bool) = lock.withLock {
            if let current = self.connection { return (current, false) }
            let created = MulticastConnection(parent: self, subject: lazySubjectLocked())
            self.connection = created
            return (created, true)
        }
        if isNew { connection.start(source) }
        return connection
    }

    /// A connection ended: forget it (and its subject, for `makeSubject`), if still current.
    func disconnect(_ ending: MulticastConnection<Subject>) {
        let dropped: Subject? = lock.withLock {
            guard connection === ending else { return nil }
            connection = nil
            guard resetsSubject else { return nil }
            defer { subject = nil }
            return subject
        }
        _ = dropped  // released outside the lock
    }
}

/// One connection: the subject's subscription to the source.
final class MulticastConnection<Subject: SubjectType>: Sink, @unchecked Sendable {
    private let parent: ConnectableObservableAdapter<Subject>
    private let observer: Subject.Observer
    /// The library's own subjects, taking the event in place (see `inPlaceDownstream`).
    private let inPlace: Downstream<Subject.Observer.Element>?

    init(parent: ConnectableObservableAdapter<Subject>, subject: Subject) {
        self.parent = parent
        observer = subject.asObserver()
        inPlace = inPlaceDownstream(of: observer)
        super.init()
    }

    func start(_ source: Observable<Subject.Observer.Element>) {
        setUpstream(source.subscribe(Downstream(self) { unsafeDowncast($0, to: MulticastConnection<Subject>.self).on(&$1) }))
    }

    private func on(_ event: inout Event<Subject.Observer.Element>) {
        if isStopped { return }
        if event.isStopEvent {
            _ = markStopped()
            // As RxSwift's connection: the source's subscription ends before the subject hears
            // the end (a `do` on the source runs `onDispose` first).
            dispose()
            if let inPlace {
                inPlace.forward(&event)
            } else {
                observer.on(event)
            }
        } else if let inPlace {
            inPlace.forward(&event)
        } else {
            observer.on(event)
        }
    }

    override func dispose() {
        if disposeOnce() { parent.disconnect(self) }
    }
}

/// A downstream into `observer` taking events in place, when it is one of the subjects a
/// connection makes (`PublishSubject`, `ReplaySubject`); nil for any other observer. Through the
/// observer's `on(_:)` (a protocol witness taking the event by value), a chain of
/// `publish().refCount()` cost a large stack frame more per link.
private func inPlaceDownstream<Observer: ObserverType>(of observer: Observer) -> Downstream<Observer.Element>? {
    if let subject = observer as? PublishSubject<Observer.Element> {
        return Downstream(subject) { unsafeDowncast($0, to: PublishSubject<Observer.Element>.self).on(inPlace: &$1) }
    }
    if let subject = observer as? ReplaySubject<Observer.Element> {
        return Downstream(subject) { unsafeDowncast($0, to: ReplaySubject<Observer.Element>.self).on(inPlace: &$1) }
    }
    return nil
}
