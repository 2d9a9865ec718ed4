extension ObservableType {
    /// Runs side effects around the source's events and the subscription's lifetime.
    ///
    /// `--1--2--|` → `do(onNext: { log($0) })` → `--1--2--|` (logging 1 at 2 and 2 at 5)
    ///
    /// `onNext`, `onError`, `onCompleted` run before the event is forwarded, `afterNext`,
    /// `afterError`, `afterCompleted` after it. `onSubscribe` runs before the source is
    /// subscribed, `onSubscribed` after; `onDispose` runs once when the subscription ends, by
    /// disposal or by a terminal event, after the source's subscription is disposed. As in
    /// RxSwift, that disposal waits for `onSubscribed` (a source ending while being subscribed:
    /// `onSubscribe`, events, source disposed, `onSubscribed`, `onDispose`); after a terminal
    /// event it waits for the `after` handler when the subscriber (or `share()`, `startWith`)
    /// follows this `do`, and comes before it when another operator does, which disposes its
    /// source as it ends. An error thrown by `onNext`/`afterNext` (or `onError`,
    /// `onCompleted`) is sent as an `error` event instead. The closures run on the thread the
    /// source sends on and are retained for the life of the observable.
    @inlinable public func `do`(
        onNext: ((Element) throws -> Void)? = nil, afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil, afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        UnaryObservable<DoSink<Element>>(asObservable(), DoHandlers(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

@usableFromInline struct DoHandlers<Element> {
    @usableFromInline let onNext: ((Element) throws -> Void)?
    @usableFromInline let afterNext: ((Element) throws -> Void)?
    @usableFromInline let onError: ((Swift.Error) throws -> Void)?
    @usableFromInline let afterError: ((Swift.Error) throws -> Void)?
    @usableFromInline let onCompleted: (() throws -> Void)?
    @usableFromInline let afterCompleted: (() throws -> Void)?
    @usableFromInline let onSubscribe: (() -> Void)?
    @usableFromInline let onSubscribed: (() -> Void)?
    @usableFromInline let onDispose: (() -> Void)?

    @inlinable init(
        onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
        onError: ((Swift.Error) throws -> Void)?, afterError: ((Swift.Error) throws -> Void)?,
        onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?,
        onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
    ) {
        self.onNext = onNext
        self.afterNext = afterNext
        self.onError = onError
        self.afterError = afterError
        self.onCompleted = onCompleted
        self.afterCompleted = afterCompleted
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }
}

@usableFromInline final class DoSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let handlers: DoHandlers<Element>
    /// Disposal waits while the sink subscribes (until `onSubscribed` ran) and while it forwards
    /// a terminal event (until the `after` handler ran): RxSwift disposes a sink's subscription
    /// only once its `run` has returned, and its sink disposes itself after the terminal event's
    /// handlers. So `onDispose` comes after the source's disposal and after `onSubscribed` for a
    /// source that ends while being subscribed, and after `afterCompleted`/`afterError`.
    @usableFromInline let lock = Lock()
    // Guarded by lock.
    @usableFromInline var holds = 0
    @usableFromInline var disposeRequested = false

    @inlinable init(downstream: Downstream<Element>, parameters handlers: DoHandlers<Element>) {
        self.handlers = handlers
        super.init(downstream: downstream)
    }

    @inlinable func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        hold()
        handlers.onSubscribe?()
        setUpstream(source.subscribe(sourceObserver))
        handlers.onSubscribed?()
        release()
    }

    @inlinable func on(_ event: inout Event<Element>) {
        do {
            switch event {
            case .next(let element):
                if isStopped { return }
                try handlers.onNext?(element)
                downstream.forward(&event)
                try handlers.afterNext?(element)
            case .error(let error):
                if isStopped { return }
                let holding = holdsForFinalObserver()
                defer { if holding { release() } }
                try handlers.onError?(error)
                forwardError(error)
                try handlers.afterError?(error)
            case .completed:
                if isStopped { return }
                let holding = holdsForFinalObserver()
                defer { if holding { release() } }
                try handlers.onCompleted?()
                forwardCompleted()
                try handlers.afterCompleted?()
            }
        } catch {
            forwardError(error)
        }
    }

    /// Around a terminal event, as in RxSwift: the user's observer right after this `do`
    /// disposes the subscription while it takes the event, where RxSwift's leaves that to this
    /// operator once `afterCompleted`/`afterError` ran, so its disposal waits until then. Any
    /// other downstream is an operator, whose disposal reaches this subscription at once in
    /// RxSwift too (`onDispose` before the after-handler).
    @inlinable func holdsForFinalObserver() -> Bool {
        guard downstream.isFinalObserver else { return false }
        hold()
        return true
    }

    @usableFromInline func hold() {
        lock.lock()
        holds += 1
        lock.unlock()
    }

    /// Ends a hold; the last one out carries out a disposal requested meanwhile.
    @usableFromInline func release() {
        lock.lock()
        holds -= 1
        let disposeNow = holds == 0 && disposeRequested
        lock.unlock()
        if disposeNow { disposeSourceAndNotify() }
    }

    @usableFromInline override func dispose() {
        lock.lock()
        if disposeRequested {
            lock.unlock()
            return
        }
        disposeRequested = true
        let disposeNow = holds == 0
        lock.unlock()
        if disposeNow { disposeSourceAndNotify() }
    }

    @usableFromInline func disposeSourceAndNotify() {
        if disposeOnce() { handlers.onDispose?() }
    }
}
