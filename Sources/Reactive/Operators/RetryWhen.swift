extension ObservableType {
    /// Resubscribes to the source when the observable built by `notificationHandler` sends an
    /// element after a failure.
    ///
    /// `--1--#` → `retry { errors in errors.delay(.seconds(3), scheduler: scheduler) }` → `--1-------1-------1--`
    ///
    /// `notificationHandler` gets the source's errors (of type `Failure`); its observable sending
    /// an element resubscribes, completing completes the result, failing forwards that error. An
    /// error that is not a `Failure` is forwarded as is. Synchronous resubscriptions run in a
    /// loop, without growing the stack.
    public func retry<Trigger: ObservableType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> Observable<Element> {
        RetryWhenObservable(source: asObservable(), notificationHandler: { notificationHandler($0).map { _ in () } })
    }

    /// Resubscribes to the source when the observable built by `notificationHandler` sends an
    /// element after a failure; the handler gets every error as `Swift.Error`, so
    /// `retry { errors in … }` needs no type annotation (RxSwift's overload).
    ///
    /// `--1--#` → `retry { errors in errors.take(2) }` → `--1----1----1--|`
    ///
    /// As `retry(when:)` with a typed handler otherwise.
    public func retry<Trigger: ObservableType>(when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> Observable<Element> {
        RetryWhenObservable<Element, Swift.Error>(source: asObservable(), notificationHandler: { notificationHandler($0).map { _ in () } })
    }

    /// The deprecated name of `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<Trigger: ObservableType>(_ notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// The deprecated name of `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<Trigger: ObservableType, Failure: Swift.Error>(_ notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

final class RetryWhenObservable<Element, Failure: Swift.Error>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let notificationHandler: (Observable<Failure>) -> Observable<Void>

    init(source: Observable<Element>, notificationHandler: @escaping (Observable<Failure>) -> Observable<Void>) {
        self.source = source
        self.notificationHandler = notificationHandler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: RetryWhenObservable<Element, Failure>.self)
            let sink = RetryWhenSink<Element, Failure>(downstream: consume downstream, source: node.source)
            sink.startWith(node.notificationHandler)
            return .object(sink)
        })
    }
}

/// As RxSwift's: the handler's observable feeds a subject (`notifier`) from the start, but only
/// a failed attempt listens to it, from just before its error is handed to the handler until
/// the next attempt starts. So what the handler's observable does while no attempt has failed
/// is not acted on at once: an element is ignored, and its completion or error ends the
/// sequence only when an attempt fails (the subject hands its terminal event to that listener).
final class RetryWhenSink<Element, Failure: Swift.Error>: SequentialSink<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let errors = PublishSubject<Failure>()
    /// Sends the failures into `errors` one at a time: attempts can fail on different threads,
    /// and a failure's delivery into the handler may still run on one when the next attempt,
    /// which it started, fails on another. A failure finding one in progress is queued for it.
    private let failures: SerializingForwardingSink<Failure>
    private let notifier = PublishSubject<Void>()
    private let triggerSubscription = SingleAssignmentDisposable()
    /// The failed attempt's subscription to `notifier`.
    private let listening = SerialDisposable()

    init(downstream: Downstream<Element>, source: Observable<Element>) {
        self.source = source
        failures = SerializingForwardingSink(downstream: Downstream(errors) { unsafeDowncast($0, to: PublishSubject<Failure>.self).on($1) }, sendersWait: false)
        super.init(downstream: downstream)
    }

    func startWith(_ notificationHandler: (Observable<Failure>) -> Observable<Void>) {
        let trigger = notificationHandler(errors.asObservable())
        triggerSubscription.setDisposable(trigger.subscribe(notifier))
        start()
    }

    override func nextSource() -> Observable<Element>? {
        source
    }

    override func onTerminal(_ event: Event<Element>) {
        guard case .error(let error) = event else {
            forward(event)
            return
        }
        guard let failure = error as? Failure else {
            forwardError(error)
            return
        }
        // The failed attempt goes first, then its error to the handler: what that brings about
        // (a retry, or the end when the handler's observable has ended) comes after it.
        endCurrentSource()
        listening.disposable = notifier.subscribe(Downstream(self) { sink, event in
            let sink = unsafeDowncast(sink, to: RetryWhenSink<Element, Failure>.self)
            switch event {
            case .next:
                sink.listening.disposable = Disposables.create()
                sink.subscribeNext()
            case .error(let error): sink.forwardError(error)
            case .completed: sink.forwardCompleted()
            }
        })
        failures.send(.next(failure))
    }

    override func dispose() {
        super.dispose()
        listening.dispose()
        triggerSubscription.dispose()
        errors.dispose()
    }
}
