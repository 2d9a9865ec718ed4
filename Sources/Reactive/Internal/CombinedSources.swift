/// The machinery `combineLatest` and `zip` share for any number of sources of any types.
///
/// The arities 2…8 (and more) are one parameter-pack function each; inside, the sources become
/// a list of subscribe functions and the elements travel as `Any` to a single sink, and the
/// user's selector gets them back with their types. Values of up to three words fit an
/// existential's inline storage, so boxing an `Int` or a reference allocates nothing.
struct CombinedSources<Result> {
    /// Subscribes source `index` to `parent`.
    let subscribers: [(CombinedSourcesParent, Int) -> Disposable]
    /// Rebuilds the typed values from the `Any` values, in source order, and calls the selector.
    let selector: ([Any]) throws -> Result

    init<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Result) {
        var subscribers: [(CombinedSourcesParent, Int) -> Disposable] = []
        for source in repeat each source {
            subscribers.append(CombinedSources.subscriber(source.asObservable()))
        }
        self.subscribers = subscribers
        selector = { values in
            var index = 0
            func next<Value>(_: Value.Type) -> Value {
                defer { index += 1 }
                // The sink stores exactly one value of the source's type at each index.
                return values[index] as! Value
            }
            return try resultSelector(repeat next((each Source).Element.self))
        }
    }

    init<Element>(_ sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        subscribers = sources.map(CombinedSources.subscriber)
        selector = { values in
            // The sink stores exactly one value of `Element` at each index.
            try resultSelector(values.map { $0 as! Element })
        }
    }

    private static func subscriber<Element>(_ source: Observable<Element>) -> (CombinedSourcesParent, Int) -> Disposable {
        { parent, index in
            let inner = CombinedSourceSink<Element>(parent: parent, index: index)
            inner.setUpstream(source.subscribe(Downstream(inner) { unsafeDowncast($0, to: CombinedSourceSink<Element>.self).on(&$1) }))
            return inner
        }
    }
}

/// What a source's sink reports to the combining sink.
protocol CombinedSourcesParent: AnyObject {
    func onSource(_ event: Event<Any>, at index: Int)
}

/// The observer of one source of a combining operator.
final class CombinedSourceSink<Element>: Sink, @unchecked Sendable {
    private let parent: CombinedSourcesParent
    private let index: Int

    init(parent: CombinedSourcesParent, index: Int) {
        self.parent = parent
        self.index = index
        super.init()
    }

    func on(_ event: inout Event<Element>) {
        if isStopped { return }
        switch event {
        case .next(let element):
            parent.onSource(.next(element), at: index)
        case .error(let error):
            _ = markStopped()
            parent.onSource(.error(error), at: index)
        case .completed:
            _ = markStopped()
            parent.onSource(.completed, at: index)
        }
    }
}

/// A combining sink: subscribes every source and disposes them all together.
class CombiningSink<Result>: SerializingSink<[Any], Result>, CombinedSourcesParent, @unchecked Sendable {
    private let selector: ([Any]) throws -> Result
    private var subscriptions: [Disposable] = []  // guarded by lock
    private var subscriptionsDisposed = false

    init(downstream: Downstream<Result>, selector: @escaping ([Any]) throws -> Result) {
        self.selector = selector
        super.init(downstream: downstream)
    }

    override final func convert(_ item: [Any]) throws -> Result {
        try selector(item)
    }

    /// Subscribes every source, in order.
    final func start(_ subscribers: [(CombinedSourcesParent, Int) -> Disposable]) {
        setUpstream(Disposables.create())
        for (index, subscribe) in subscribers.enumerated() {
            if isDisposed { return }
            let subscription = subscribe(self, index)
            let keep: Bool = lock.withLock {
                if subscriptionsDisposed { return false }
                subscriptions.append(subscription)
                return true
            }
            if !keep { subscription.dispose() }
        }
    }

    func onSource(_ event: Event<Any>, at index: Int) {
        fatalError("CombiningSink subclasses override onSource(_:at:)")
    }

    override func dispose() {
        guard disposeOnce() else { return }
        let all: [Disposable] = lock.withLock {
            subscriptionsDisposed = true
            defer { subscriptions = [] }
            return subscriptions
        }
        for subscription in all { subscription.dispose() }
    }
}
