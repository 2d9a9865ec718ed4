extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// The closure runs on the thread the source sends on (use `observe(on:)` to choose it).
    /// Returns a disposable that ends the subscription; keep it, e.g. in a `DisposeBag`.
    @inlinable public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(AnyObserver(eventHandler: on))
    }

    /// Subscribes closures for elements, the error, completion and disposal.
    ///
    /// Closures run on the thread the source sends on (use `observe(on:)` to choose it), never
    /// two at once. An error with no `onError` goes to `Hooks.defaultErrorHandler`. `onDisposed`
    /// runs once, when the subscription ends for any reason (after `onError`/`onCompleted`, or
    /// on `dispose()`). Once `dispose()` returns, no closure call begins any more.
    /// The closures are retained until the returned disposable is released.
    @inlinable public func subscribe(onNext: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        let sink = SubscribeSink(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        sink.setUpstream(asObservable().subscribe(Downstream(sink) { unsafeDowncast($0, to: SubscribeSink<Element>.self).on(&$1) }))
        return sink
    }

    /// Subscribes closures that receive `object`, held weakly; events after `object` is
    /// deallocated are ignored.
    @inlinable public func subscribe<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            })
    }
}

/// The sink of `subscribe(onNext:…)`. It releases the closures as soon as the subscription is
/// disposed or terminated (breaking cycles through captured subscriptions), never while one runs.
@usableFromInline final class SubscribeSink<Element>: Sink {
    /// The element, error and completion closures, released together.
    @usableFromInline final class Handlers {
        @usableFromInline let onNext: ((Element) -> Void)?
        @usableFromInline let onError: ((Swift.Error) -> Void)?
        @usableFromInline let onCompleted: (() -> Void)?

        @inlinable init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?) {
            self.onNext = onNext
            self.onError = onError
            self.onCompleted = onCompleted
        }
    }

    // `handlers` owns the closures; `unretainedHandlers` is the same reference, read on the
    // per-event path without a retain and release. Sound because both are cleared only by
    // `releaseUserResources`, which `Sink` runs once no delivery is in progress (a disposal during
    // a delivery defers it to `endDelivery`); so between `beginDelivery` and `endDelivery` the
    // object `handlers` owns cannot go away. SubscribeTests fails if that rule breaks (a closure
    // disposing its own subscription finds the other closures still alive until it returns)
    // and stresses disposal from another thread during deliveries (CI runs it under ASan).
    // Unchecked exclusivity: written only by releaseUserResources, under the rule above.
    @exclusivity(unchecked) @usableFromInline var handlers: Handlers?
    @exclusivity(unchecked) @usableFromInline var unretainedHandlers: Unmanaged<Handlers>?
    // Read and cleared only by the first disposer.
    @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?
    @usableFromInline let callStack: [String]

    @inlinable init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        let handlers = Handlers(onNext: onNext, onError: onError, onCompleted: onCompleted)
        self.handlers = handlers
        self.unretainedHandlers = Unmanaged.passUnretained(handlers)
        self.onDisposed = onDisposed
        self.callStack = onError == nil ? Hooks.subscriptionCallStack() : []
        super.init()
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if beginDelivery(terminal: false) {
                unretainedHandlers?._withUnsafeGuaranteedRef { $0.onNext?(element) }
            }
            endDelivery()
        case .error(let error):
            if beginDelivery(terminal: true) {
                unretainedHandlers?._withUnsafeGuaranteedRef { handlers in
                    if let onError = handlers.onError {
                        onError(error)
                    } else {
                        Hooks.defaultErrorHandler(callStack, error)
                    }
                }
                dispose()
            }
            endDelivery()
        case .completed:
            if beginDelivery(terminal: true) {
                unretainedHandlers?._withUnsafeGuaranteedRef { $0.onCompleted?() }
                dispose()
            }
            endDelivery()
        }
    }

    @usableFromInline override func dispose() {
        let (first, releaseNow) = disposeOnceDeferringRelease()
        guard first else { return }
        let onDisposed = self.onDisposed
        self.onDisposed = nil
        if releaseNow { releaseUserResources() }
        onDisposed?()
    }

    @usableFromInline override func releaseUserResources() {
        unretainedHandlers = nil
        handlers = nil
    }
}
