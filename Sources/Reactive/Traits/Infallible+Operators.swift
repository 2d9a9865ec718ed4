// The operators RxSwift gives `Infallible`: each keeps the promise (no error) and behaves as the
// `Observable` operator of the same name.

extension Infallible {
    /// Subscribes with one closure for the events: `.next` and `.completed`.
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        source.subscribe({ event in
            switch event {
            case .next(let element): on(.next(element))
            case .completed: on(.completed)
            case .error(let error): Hooks.reportMisuse("An Infallible sent an error: \(error)")
            }
        }, isolation: isolation, file: file, line: line)
    }

    /// What `Infallible.create` reports to (RxSwift's `InfallibleObserver`).
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// One element sent on `scheduler`, then completion.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(raw: .just(element, scheduler: scheduler))
    }

    /// The infallible `factory` makes for each subscription. `factory` may throw only as a
    /// programming error (the error would break the promise): written to standard error, then an
    /// assertion in debug builds; the infallible is then empty.
    public static func deferred(_ factory: @escaping () throws -> Infallible<Element>) -> Infallible<Element> {
        Infallible(raw: Observable.deferred {
            do {
                return try factory().source
            } catch {
                Hooks.reportMisuse("Infallible.deferred's factory threw: \(error)")
                return .empty()
            }
        })
    }

    /// The elements of this one, then of `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element> where Source.Element == Element {
        Infallible(raw: source.concat(second.asObservable()))
    }

    /// The infallibles of a sequence one after another.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Infallible<Element> where Sources.Element == Infallible<Element> {
        Infallible(raw: Observable.concat(sequence.lazy.map(\.source)))
    }

    /// The infallibles of a collection one after another.
    public static func concat<Sources: Collection>(_ collection: Sources) -> Infallible<Element> where Sources.Element == Infallible<Element> {
        Infallible(raw: Observable.concat(collection.map(\.source)))
    }

    /// The infallibles one after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(raw: Observable.concat(sources.map(\.source)))
    }

    /// Merges the infallibles of a collection.
    public static func merge<Sources: Collection>(_ sources: Sources) -> Infallible<Element> where Sources.Element == Infallible<Element> {
        Infallible(raw: Observable.merge(sources.map(\.source)))
    }

    /// Merges the infallibles of an array.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(raw: Observable.merge(sources.map(\.source)))
    }

    /// Combines the latest elements of the infallibles (2 or more) each time one sends.
    public static func combineLatest<each Source>(_ source: repeat Infallible<each Source>, resultSelector: @escaping (repeat each Source) throws -> Element) -> Infallible<Element> {
        Infallible(raw: Observable.combineLatestPack(repeat (each source).asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of the infallibles (2 or more) into a tuple.
    public static func combineLatest<each Source>(_ source: repeat Infallible<each Source>) -> Infallible<(repeat each Source)> where Element == (repeat each Source) {
        Infallible(raw: Observable.combineLatest(repeat (each source).asObservable()))
    }

    /// Combines the latest elements of a collection of infallibles.
    public static func combineLatest<Sources: Collection>(_ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(raw: Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of a collection of infallibles into an array.
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Infallible<[Element]> where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(raw: Observable.combineLatest(collection.map { $0.asObservable() }) { $0 })
    }

    /// Combines the infallibles' elements by position (2 or more).
    public static func zip<each Source>(_ source: repeat Infallible<each Source>, resultSelector: @escaping (repeat each Source) throws -> Element) -> Infallible<Element> {
        Infallible(raw: Observable.zipPack(repeat (each source).asObservable(), resultSelector: resultSelector))
    }

    /// Combines the infallibles' elements by position into tuples.
    public static func zip<each Source>(_ source: repeat Infallible<each Source>) -> Infallible<(repeat each Source)> where Element == (repeat each Source) {
        Infallible(raw: Observable.zip(repeat (each source).asObservable()))
    }

    /// Each element with the latest element of `second` (none before `second` sent).
    public func withLatestFrom<Second: InfallibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) throws -> Result) -> Infallible<Result> {
        Infallible<Result>(raw: source.withLatestFrom(second, resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element of this one.
    public func withLatestFrom<Second: InfallibleType>(_ second: Second) -> Infallible<Second.Element> {
        Infallible<Second.Element>(raw: source.withLatestFrom(second))
    }

    /// Each element with `object`, held weakly; completes once `object` is gone.
    public func withUnretained<Object: AnyObject, Out>(_ object: Object, resultSelector: @escaping (Object, Element) -> Out) -> Infallible<Out> {
        Infallible<Out>(raw: source.withUnretained(object, resultSelector: resultSelector))
    }

    /// Each element paired with `object`, held weakly; completes once `object` is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        Infallible<(Object, Element)>(raw: source.withUnretained(object))
    }

    /// The elements until `other` sends an element (or completes: nothing more comes).
    public func take(until other: some InfallibleType) -> Infallible<Element> {
        Infallible(raw: source.take(until: other.asObservable()))
    }

    /// The elements until `other`, any observable, sends an element (RxSwift's overload).
    public func take(until other: some ObservableType) -> Infallible<Element> {
        Infallible(raw: source.take(until: other))
    }

    /// The elements until `predicate` holds (the one that matched included with `.inclusive`).
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(raw: source.take(until: predicate, behavior: behavior))
    }

    /// The elements while `predicate` holds (the first that fails included with `.inclusive`).
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(raw: source.take(while: predicate, behavior: behavior))
    }

    /// The elements during `duration`, then completion.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(raw: source.take(for: duration, scheduler: scheduler))
    }

    /// Drops the elements while `predicate` holds.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        Infallible(raw: source.skip(while: predicate))
    }

    /// Drops the elements until `other` sends an element.
    public func skip(until other: some ObservableType) -> Infallible<Element> {
        Infallible(raw: source.skip(until: other))
    }

    /// The elements of the infallible made from each element, ignoring elements that arrive
    /// while one runs.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible<Source.Element>(raw: source.flatMapFirst(selector))
    }

    /// Each intermediate accumulation, mutating `seed` in place.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible<Seed>(raw: source.scan(into: seed, accumulator: accumulator))
    }

    /// Drops elements that `comparer` says equal the one before.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        Infallible(raw: source.distinctUntilChanged(comparer))
    }

    /// Drops elements whose key equals the one before's.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Infallible<Element> {
        Infallible(raw: source.distinctUntilChanged(keySelector))
    }

    /// Drops elements whose key `comparer` says equals the one before's.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) -> Infallible<Element> {
        Infallible(raw: source.distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops elements whose property at `keyPath` equals the one before's.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element> {
        Infallible(raw: source.distinctUntilChanged(at: keyPath))
    }

    /// Prints its events and subscriptions (as `Observable.debug`).
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> Infallible<Element> {
        Infallible(raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Runs side effects around its events and lifetime, as `Observable.do` (same order and
    /// disposal rules).
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil, afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(raw: source.do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}
