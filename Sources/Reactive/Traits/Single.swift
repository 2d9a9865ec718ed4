extension PrimitiveSequence where Trait == SingleTrait {
    /// A `Single` from a subscribe function that reports one `.success` or `.failure`.
    ///
    /// Only the first report counts; later ones are dropped. The reporting closure is
    /// `@Sendable`: report from whichever thread the work ends on (a dispatch queue, a task).
    @inlinable public static func create(subscribe: @escaping (@escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable) -> Single<Element> {
        // Inlinable, as the other traits' `create`, so that the result reaches the subscriber
        // through code specialised for the element: run generic, each subscription looked up
        // the metadata of eight generic types (singleCreating 5,716 -> 1,696 instructions, for
        // about 900 bytes of an app's text an element type).
        Single(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        })
    }

    /// A `Single` of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Subscribes with a closure for the result.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        var delivered = false
        return source.subscribe({ event in
            switch event {
            case .next(let element):
                if !delivered {
                    delivered = true
                    observer(.success(element))
                }
            case .error(let error):
                observer(.failure(error))
            case .completed:
                break
            }
        }, isolation: isolation, file: file, line: line)
    }

    /// Subscribes with closures for success, failure and disposal.
    ///
    /// A failure with no `onFailure` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onFailure: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(onNext: onSuccess, onError: onFailure, onCompleted: nil, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Subscribes with closures that receive `object` (held weakly; nothing is called once it is gone).
    public func subscribe<Object: AnyObject>(with object: Object, onSuccess: ((Object, Element) -> Void)? = nil, onFailure: ((Object, Swift.Error) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(with: object, onNext: onSuccess, onError: onFailure, onCompleted: nil, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Transforms the element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: source.map(transform))
    }

    /// Transforms the element; a nil result completes without an element.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: source.compactMap(transform))
    }

    /// Continues with the `Single` made from the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: source.flatMap { try selector($0).asObservable() })
    }

    /// Continues with the `Maybe` made from the element.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: source.flatMap { try selector($0).asObservable() })
    }

    /// Continues with the `Completable` made from the element.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: source.flatMap { try selector($0).asObservable() })
    }

    /// Succeeds with `element` on failure.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(raw: source.catchAndReturn(element))
    }

    /// Runs side effects around its events and lifetime.
    public func `do`(onSuccess: ((Element) throws -> Void)? = nil, afterSuccess: ((Element) throws -> Void)? = nil, onError: ((Swift.Error) throws -> Void)? = nil, afterError: ((Swift.Error) throws -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil) -> Single<Element> {
        Single(raw: source.do(onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError, onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Filters the element: a `Maybe` that completes empty when `predicate` fails.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: source.filter(predicate))
    }

    /// The same result as a `Maybe`.
    public func asMaybe() -> Maybe<Element> { Maybe(raw: source) }

    /// Completion or the failure, without the element.
    public func asCompletable() -> Completable { Completable(raw: source.ignoreElements()) }

    /// Combines the results of the `Single`s (2 or more) once all have succeeded.
    public static func zip<each Source>(_ source: repeat Single<each Source>, resultSelector: @escaping (repeat each Source) throws -> Element) -> Single<Element> {
        Single(raw: Observable.zipPack(repeat (each source).asObservable(), resultSelector: resultSelector))
    }

    /// Combines the results of a collection of `Single`s once all have succeeded (an empty
    /// collection: `resultSelector([])`, at subscription, as RxSwift's).
    public static func zip<Sources: Collection, Result>(_ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result) -> Single<Result> where Sources.Element == Single<Element> {
        if collection.isEmpty {
            return Single<Result>.deferred { Single<Result>(raw: Observable.just(try resultSelector([]))) }
        }
        return Single<Result>(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
    }

    /// Combines the results of a collection of `Single`s into an array once all have succeeded
    /// (an empty collection: an empty array, as RxSwift's).
    public static func zip<Sources: Collection>(_ collection: Sources) -> Single<[Element]> where Sources.Element == Single<Element> {
        if collection.isEmpty { return Single<[Element]>(raw: Observable.just([])) }
        return Single<[Element]>(raw: Observable.zip(collection.map(\.source)))
    }

    /// What `Single.create` reports to (RxSwift's `SingleObserver`).
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// Combines the results of the `Single`s (2 or more) into a tuple.
    public static func zip<each Source>(_ source: repeat Single<each Source>) -> Single<(repeat each Source)> where Element == (repeat each Source) {
        Single(raw: Observable.zip(repeat (each source).asObservable()))
    }
}

