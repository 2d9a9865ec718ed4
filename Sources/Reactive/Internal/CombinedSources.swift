/// The machinery `combineLatest` and `zip` share for any number of sources of any types.
///
/// The arities 2…8 (and more) are one parameter-pack function each; inside, the sources become
/// a list of subscribe functions and the elements travel as `Any` to a single sink, and the
/// user's selector gets them back with their types. Values of up to three words fit an
/// existential's inline storage, so boxing an `Int` or a reference allocates nothing.
///
/// Code generic over a parameter pack is not specialised, so the pack-typed part is kept to the
/// sources' own sinks, which only box the element; they call the combining sink through a
/// `CombinedSourceHandler` created where its type is concrete, so the rest runs specialised.
@usableFromInline struct CombinedSources<Result> {
    /// Subscribes a source, reporting to the parent through the handler, under its index.
    @usableFromInline let subscribers: [CombinedSourceSubscriber]
    /// Rebuilds the typed values from the `Any` values, in source order, and calls the selector.
    @usableFromInline let selector: ([Any]) throws -> Result

    @inlinable init<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Result) {
        var subscribers: [CombinedSourceSubscriber] = []
        var count = 0
        for _ in repeat each source { count += 1 }
        subscribers.reserveCapacity(count)
        for source in repeat each source {
            subscribers.append(combinedSourceSubscriber(source.asObservable()))
        }
        self.subscribers = subscribers
        selector = { values in
            var index = 0
            return try resultSelector(repeat takeCombinedValue((each Source).Element.self, from: values, at: &index))
        }
    }

    @inlinable init<Element>(_ sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        let subscribers = sources.map { combinedSourceSubscriber($0) }
        self.subscribers = subscribers
        selector = { values in
            // The sink stores exactly one value of `Element` at each index.
            try resultSelector(values.map { $0 as! Element })
        }
    }
}

/// How a source's sink reports to the combining sink: (parent, event, source index).
@usableFromInline typealias CombinedSourceHandler = (AnyObject, Event<Any>, Int) -> Void

/// Subscribes one source for a combining sink: (parent, handler, index) → the subscription.
///
/// A struct, not a bare closure in the array: an array stores function values maximally
/// abstracted, and calling one then wraps the handler argument in a thunk, an allocation per
/// source per subscription.
@usableFromInline struct CombinedSourceSubscriber {
    @usableFromInline let subscribe: (AnyObject, @escaping CombinedSourceHandler, Int) -> Disposable

    @inlinable init(_ subscribe: @escaping (AnyObject, @escaping CombinedSourceHandler, Int) -> Disposable) {
        self.subscribe = subscribe
    }
}

/// What subscribes `source` for a combining sink.
@inlinable func combinedSourceSubscriber<Element>(_ source: Observable<Element>) -> CombinedSourceSubscriber {
    // Made once per source, not per subscription: in code generic over a parameter pack even a
    // non-capturing closure captures its type metadata, so it has a context to allocate.
    let deliver: (AnyObject, inout Event<Element>) -> Void = { unsafeDowncast($0, to: CombinedSourceSink<Element>.self).on(&$1) }
    return CombinedSourceSubscriber { parent, handler, index in
        let inner = CombinedSourceSink<Element>(parent: parent, handler: handler, index: index)
        inner.setUpstream(source.subscribe(Downstream(inner, deliver)))
        return inner
    }
}

/// The value at `index`, as the type its source sends; advances `index`.
@inlinable func takeCombinedValue<Value>(_: Value.Type, from values: [Any], at index: inout Int) -> Value {
    defer { index += 1 }
    // The sink stores exactly one value of the source's type at each index.
    return values[index] as! Value
}

/// The observer of one source of a combining operator.
@usableFromInline final class CombinedSourceSink<Element>: Sink, @unchecked Sendable {
    @usableFromInline let parent: AnyObject
    @usableFromInline let handler: CombinedSourceHandler
    @usableFromInline let index: Int

    @inlinable init(parent: AnyObject, handler: @escaping CombinedSourceHandler, index: Int) {
        self.parent = parent
        self.handler = handler
        self.index = index
        super.init()
    }

    @inlinable func on(_ event: inout Event<Element>) {
        if isStopped { return }
        switch event {
        case .next(let element):
            handler(parent, .next(element), index)
        case .error(let error):
            _ = markStopped()
            handler(parent, .error(error), index)
        case .completed:
            _ = markStopped()
            handler(parent, .completed, index)
        }
    }
}

/// A combining sink: subscribes every source and disposes them all together.
@usableFromInline class CombiningSink<Result>: SerializingSink<[Any], Result>, @unchecked Sendable {
    @usableFromInline let selector: ([Any]) throws -> Result
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var subscriptions: [Disposable] = []  // guarded by lock
    @exclusivity(unchecked) @usableFromInline var subscriptionsDisposed = false

    @inlinable init(downstream: Downstream<Result>, selector: @escaping ([Any]) throws -> Result) {
        self.selector = selector
        super.init(downstream: downstream)
    }

    @inlinable override final func convert(_ item: [Any]) throws -> Result {
        try selector(item)
    }

    /// Subscribes every source, in order; `handler` calls the subclass's `onSource`.
    @inlinable final func start(_ subscribers: [CombinedSourceSubscriber], handler: @escaping CombinedSourceHandler) {
        setUpstream(Disposables.create())
        lock.withLock { subscriptions.reserveCapacity(subscribers.count) }
        for (index, subscriber) in subscribers.enumerated() {
            if isDisposed { return }
            let subscription = subscriber.subscribe(self, handler, index)
            let keep: Bool = lock.withLock {
                if subscriptionsDisposed { return false }
                subscriptions.append(subscription)
                return true
            }
            if !keep { subscription.dispose() }
        }
    }

    @inlinable override func dispose() {
        guard disposeOnce() else { return }
        let all: [Disposable] = lock.withLock {
            subscriptionsDisposed = true
            defer { subscriptions = [] }
            return subscriptions
        }
        for subscription in all { subscription.dispose() }
    }
}
