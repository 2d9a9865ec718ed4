extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// A `Completable` from a subscribe function that reports `.completed` or `.error`.
    ///
    /// The reporting closure is `@Sendable`: report from whichever thread the work ends on.
    @inlinable public static func create(subscribe: @escaping (@escaping @Sendable (CompletableEvent) -> Void) -> Disposable) -> Completable {
        Completable(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .completed: observer.onCompleted()
                case .error(let error): observer.onError(error)
                }
            }
        })
    }

    /// A `Completable` that completes at subscription.
    public static func empty() -> Completable { Completable(raw: Observable.empty()) }

    /// Subscribes with closures for completion, failure and disposal.
    public func subscribe(onCompleted: (() -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(onNext: nil, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// What `Completable.create` reports to (RxSwift's `CompletableObserver`).
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// Subscribes with one closure for the `Completable`'s event: `.completed` or `.error`.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        source.subscribe({ event in
            switch event {
            case .next: break
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }, isolation: isolation, file: file, line: line)
    }

    /// Subscribes with closures that get `object` (held weakly: nothing is called once it is
    /// gone), as `subscribe(onCompleted:onError:onDisposed:)` otherwise.
    public func subscribe<Object: AnyObject>(with object: Object, onCompleted: ((Object) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(onCompleted: bindingWeakly(object, onCompleted), onError: bindingWeakly(object, onError), onDisposed: bindingWeakly(object, onDisposed), isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Runs the completables one after another; fails with the first failure.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map(\.source)))
    }

    /// Runs the completables of a sequence one after another (iterated at subscription).
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Completable where Sources.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map(\.source)))
    }

    /// Runs the completables of a collection one after another.
    public static func concat<Sources: Collection>(_ collection: Sources) -> Completable where Sources.Element == Completable {
        Completable(raw: Observable.concat(collection.map(\.source)))
    }

    /// Runs `second` after this one completes.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(self, second)
    }

    /// Runs the completables at once; completes when all have.
    public static func merge(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs the completables at once; completes when all have (RxSwift's `zip` of completables).
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs the completables of a collection at once; completes when all have.
    public static func zip<Sources: Collection>(_ sources: Sources) -> Completable where Sources.Element == Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs the completables of an array at once; completes when all have.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs side effects around its events and lifetime, as `Observable.do` (same order and
    /// disposal rules).
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil, afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(raw: source.do(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension ObservableType where Element == Never {
    /// This sequence (of no elements) as a `Completable`, as RxSwift declares it: for a
    /// sequence with elements, `ignoreElements().asCompletable()`. Declared for `Never` only so
    /// that `createColdObservable([.completed(20)]).asCompletable()` infers its element type.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
