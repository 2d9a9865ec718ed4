/// A sequence that never fails: elements and maybe completion (RxSwift's `Infallible`).
///
/// Made from an `Observable` by saying what replaces an error (`asInfallible(onErrorJustReturn:)`,
/// `onErrorFallbackTo:`, `onErrorRecover:`); the operators below keep the promise.
///
/// `Sendable` whatever `Element` is, as `Observable`.
public struct Infallible<Element>: InfallibleType, Sendable {
    @usableFromInline let source: Observable<Element>

    @inlinable init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as an `Observable` (it never sends an error).
    public func asObservable() -> Observable<Element> { source }
}

/// A sequence that never fails: `Infallible`, for generic code (RxSwift's protocol).
public protocol InfallibleType: ObservableConvertibleType {}

/// What `Infallible.create` is given.
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// The end.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent {
    /// The event as an `Event`.
    public var event: Event<Element> {
        switch self {
        case .next(let element): .next(element)
        case .completed: .completed
        }
    }
}

extension ObservableConvertibleType {
    /// This sequence, with an error replaced by `element` and completion.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(raw: asObservable().catchAndReturn(element))
    }

    /// This sequence, continuing with `infallible` after an error.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(raw: asObservable().catch { _ in infallible.source })
    }

    /// This sequence, continuing with the infallible `recover` returns for an error.
    public func asInfallible(onErrorRecover recover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(raw: asObservable().catch { recover($0).source })
    }
}

extension Infallible {
    /// An infallible from a subscribe function that sends `.next` and `.completed`.
    ///
    /// The sending closure is `@Sendable`: send from whichever thread the work runs on, one
    /// event at a time.
    @inlinable public static func create(subscribe: @escaping (@escaping @Sendable (InfallibleEvent<Element>) -> Void) -> Disposable) -> Infallible<Element> {
        // Inlinable as `Single.create`, and here for each element: sent through generic code, an
        // element built its `Event` there, a lookup of that type's metadata each.
        Infallible(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.onNext(element)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// One element, then completion.
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(raw: .just(element)) }
    /// Completion at once.
    public static func empty() -> Infallible<Element> { Infallible(raw: .empty()) }
    /// Nothing, ever.
    public static func never() -> Infallible<Element> { Infallible(raw: .never()) }
    /// The given elements, then completion, sent on `scheduler`.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> { Infallible(raw: .from(elements, scheduler: scheduler)) }
    /// The elements of an array, then completion, sent on `scheduler`.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> { Infallible(raw: .from(array, scheduler: scheduler)) }
    /// The elements of `sequence`, then completion, sent on `scheduler`.
    public static func from<Elements: Sequence>(_ sequence: Elements, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> where Elements.Element == Element { Infallible(raw: .from(sequence, scheduler: scheduler)) }

    /// Subscribes with closures for elements, completion and disposal.
    public func subscribe(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Subscribes with closures that receive `object` (held weakly).
    public func subscribe<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(with: object, onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Transforms each element (the closure must not throw).
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> { Infallible<Result>(raw: source.map(transform)) }
    /// Keeps the elements for which `predicate` holds.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> { Infallible(raw: source.filter(predicate)) }
    /// Transforms each element, keeping the non-nil results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> { Infallible<Result>(raw: source.compactMap(transform)) }
    /// Merges the infallibles made from each element.
    public func flatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> { Infallible<Result>(raw: source.flatMap { selector($0).source }) }
    /// Sends the elements of the infallible made from the latest element only.
    public func flatMapLatest<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> { Infallible<Result>(raw: source.flatMapLatest { selector($0).source }) }
    /// Concatenates the infallibles made from each element.
    public func concatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> { Infallible<Result>(raw: source.concatMap { selector($0).source }) }
    /// Sends each intermediate accumulation.
    public func scan<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate) -> Infallible<Accumulate> { Infallible<Accumulate>(raw: source.scan(seed, accumulator: accumulator)) }
    /// Sends `elements` first.
    public func startWith(_ elements: Element...) -> Infallible<Element> { Infallible(raw: UnaryObservable<StartWithSink<Element>>(source, elements)) }
    /// The first `count` elements.
    ///
    /// A count below 0 takes nothing (RxSwift stops the program; an `Infallible` cannot fail),
    /// and is reported on standard error through `Hooks`.
    public func take(_ count: Int) -> Infallible<Element> {
        if count < 0 {
            Hooks.reportBadArgument("take(\(count))", of: Self.self, "a count below 0 takes nothing")
            return Infallible(raw: .empty())
        }
        return Infallible(raw: source.take(count))
    }

    /// Drops the first `count` elements.
    ///
    /// A count below 0 skips nothing, as RxSwift's, and is reported on standard error through
    /// `Hooks`.
    public func skip(_ count: Int) -> Infallible<Element> {
        if count < 0 {
            Hooks.reportBadArgument("skip(\(count))", of: Self.self, "a count below 0 skips nothing")
            return self
        }
        return Infallible(raw: source.skip(count))
    }
    /// Elements after `dueTime` of quiet.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> { Infallible(raw: source.debounce(dueTime, scheduler: scheduler)) }
    /// At most one element per `dueTime`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<Element> { Infallible(raw: source.throttle(dueTime, latest: latest, scheduler: scheduler)) }
    /// Delivers on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> { Infallible(raw: source.observe(on: scheduler)) }
    /// Shares one subscription (see `share(replay:scope:)`).
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> { Infallible(raw: source.share(replay: replay, scope: scope)) }
    /// Merges several infallibles.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> { Infallible(raw: Observable.merge(sources.map(\.source))) }
}

extension Infallible where Element: Equatable {
    /// Drops elements equal to the one before.
    public func distinctUntilChanged() -> Infallible<Element> { Infallible(raw: source.distinctUntilChanged()) }
}
