extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// A `Completable` from a subscribe function that reports `.completed` or `.error`.
    public static func create(subscribe: @escaping (@escaping (CompletableEvent) -> Void) -> Disposable) -> Completable {
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
    public func subscribe(onCompleted: (() -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onNext: nil, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Runs the completables one after another.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map(\.source)))
    }

    /// Runs the completables at once; completes when all have.
    public static func merge(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs the completables at once; completes when all have (RxSwift's `zip` of completables).
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs side effects around its events and lifetime.
    public func `do`(onError: ((Swift.Error) throws -> Void)? = nil, onCompleted: (() throws -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onDispose: (() -> Void)? = nil) -> Completable {
        Completable(raw: source.do(onError: onError, onCompleted: onCompleted, onSubscribe: onSubscribe, onDispose: onDispose))
    }
}

extension ObservableType {
    /// Completion or the failure of this sequence, ignoring its elements.
    public func asCompletable() -> Completable {
        Completable(raw: ignoreElements())
    }
}
