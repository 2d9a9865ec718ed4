extension PrimitiveSequence where Trait == MaybeTrait {
    /// A `Maybe` from a subscribe function that reports `.success`, `.completed` or `.error`.
    ///
    /// The reporting closure is `@Sendable`: report from whichever thread the work ends on.
    @inlinable public static func create(subscribe: @escaping (@escaping @Sendable (MaybeEvent<Element>) -> Void) -> Disposable) -> Maybe<Element> {
        Maybe(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        })
    }

    /// A `Maybe` of `element`.
    public static func just(_ element: Element) -> Maybe<Element> { Maybe(raw: Observable.just(element)) }

    /// A `Maybe` of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Maybe` that completes without an element.
    public static func empty() -> Maybe<Element> { Maybe(raw: Observable.empty()) }

    /// What `Maybe.create` reports to (RxSwift's `MaybeObserver`).
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// Subscribes with one closure for the `Maybe`'s event: `.success`, `.completed` or `.error`.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        var ended = false
        return source.subscribe({ event in
            if ended { return }
            switch event {
            case .next(let element):
                ended = true
                observer(.success(element))
            case .error(let error):
                ended = true
                observer(.error(error))
            case .completed:
                ended = true
                observer(.completed)
            }
        }, isolation: isolation, file: file, line: line)
    }

    /// Subscribes with closures that get `object` (held weakly: nothing is called once it is
    /// gone), as `subscribe(onSuccess:onError:onCompleted:onDisposed:)` otherwise.
    public func subscribe<Object: AnyObject>(with object: Object, onSuccess: ((Object, Element) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(onSuccess: bindingWeakly(object, onSuccess), onError: bindingWeakly(object, onError), onCompleted: bindingWeakly(object, onCompleted), onDisposed: bindingWeakly(object, onDisposed), isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Subscribes with closures for success, failure, completion without element, and disposal.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        var succeeded = false
        return source.subscribe(onNext: { element in
            succeeded = true
            onSuccess?(element)
        }, onError: onError, onCompleted: {
            if !succeeded { onCompleted?() }
        }, onDisposed: onDisposed, isolation: isolation, file: file, line: line)
    }

    /// Transforms the element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> { Maybe(raw: source.map(transform)) }

    /// Transforms the element; nil completes empty.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> { Maybe(raw: source.compactMap(transform)) }

    /// Keeps the element if `predicate` holds.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> { Maybe(raw: source.filter(predicate)) }

    /// Continues with the `Maybe` made from the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: source.flatMap { try selector($0).asObservable() })
    }

    /// Continues with the `Completable` made from the element.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: source.flatMap { try selector($0).asObservable() })
    }

    /// Combines the elements of the `Maybe`s (2 or more) once all have one; empty if one is empty.
    public static func zip<each Source>(_ source: repeat Maybe<each Source>, resultSelector: @escaping (repeat each Source) throws -> Element) -> Maybe<Element> {
        Maybe(raw: Observable.zipPack(repeat (each source).asObservable(), resultSelector: resultSelector))
    }

    /// Sends `default` if it completes empty: a `Single`.
    public func ifEmpty(default: Element) -> Single<Element> { Single(raw: source.ifEmpty(default: `default`)) }

    /// Continues with `other` if it completes empty.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> { Maybe(raw: source.ifEmpty(switchTo: other.source)) }

    /// Continues with `other` if it completes empty: a `Single`.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> { Single(raw: source.ifEmpty(switchTo: other.source)) }

    /// Succeeds with `element` on failure.
    public func catchAndReturn(_ element: Element) -> Maybe<Element> { Maybe(raw: source.catchAndReturn(element)) }

    /// Runs side effects around its events and lifetime, as `Observable.do` (same order and
    /// disposal rules).
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil, afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil, afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(raw: source.do(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Combines the elements of the `Maybe`s (2 or more) into a tuple once each has one;
    /// completes empty when one completes empty (and the others have ended).
    public static func zip<each Source>(_ source: repeat Maybe<each Source>) -> Maybe<(repeat each Source)> where Element == (repeat each Source) {
        Maybe(raw: Observable.zip(repeat (each source).asObservable()))
    }

    /// Completion or the failure, without the element.
    public func asCompletable() -> Completable { Completable(raw: source.ignoreElements()) }
}

