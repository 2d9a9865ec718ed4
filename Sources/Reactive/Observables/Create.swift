extension ObservableType {
    /// Creates an observable from a subscribe function that sends events to an observer.
    ///
    /// `subscribe` runs once per subscription and returns what to dispose when it ends. Events
    /// after a terminal event or after disposal are dropped silently (the grammar allows it);
    /// debug builds report events sent from two threads at once through
    /// `Hooks.grammarViolationHandler`.
    ///
    /// ```
    /// let numbers = Observable<Int>.create { observer in
    ///     observer.onNext(1); observer.onNext(2); observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// // --1-2-|
    /// ```
    @inlinable public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        CreateObservable(subscribe)
    }
}

@usableFromInline final class CreateObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let subscribeHandler: (AnyObserver<Element>) -> Disposable

    @inlinable init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: CreateObservable<Element>.self)
            let sink = CreateSink(downstream: consume downstream)
            sink.setUpstream(disposable: node.subscribeHandler(AnyObserver(eventHandler: sink.on)))
            return .object(sink)
        })
    }
}

@usableFromInline final class CreateSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    @usableFromInline let checker = GrammarChecker()

    @inlinable func on(_ event: Event<Element>) {
        let outermost = checker.enter("create") { hasTerminated }
        defer { checker.leave(outermost) }
        forward(event)
    }
}
