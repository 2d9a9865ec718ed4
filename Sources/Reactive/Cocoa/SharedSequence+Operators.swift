// The operators RxCocoa gives `Driver` and `Signal`: each keeps the three promises (no error,
// delivery on the strategy's scheduler, sharing) and behaves as the `Observable` operator of
// the same name. Time operators run on the strategy's scheduler.
//
// None is inlinable: each runs in the library's generic code, where an element costs lookups of
// its types' metadata (six maps: 16,136 instructions an element, against 1,827 with the
// operators and their shares specialised in the app). A `Driver` or a `Signal` carries UI events,
// a few a second, and specialising them tripled the code of a screen written with them
// (`Benchmarks/BuildCost/CocoaApp.swift`: 25,272 bytes of text, 84,173 specialised).

extension SharedSequenceConvertibleType {
    /// Transforms each element.
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(asObservable().map(selector))
    }

    /// Transforms each element, keeping the non-nil results.
    public func compactMap<Result>(_ selector: @escaping (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(asObservable().compactMap(selector))
    }

    /// Keeps the elements for which `predicate` holds.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate))
    }

    /// The elements of the sequence made from the latest element only.
    public func flatMapLatest<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMapLatest(selector))
    }

    /// The elements of the sequence made from each element, ignoring elements that arrive
    /// while one runs.
    public func flatMapFirst<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMapFirst(selector))
    }

    /// Merges the sequences made from each element.
    public func flatMap<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMap(selector))
    }

    /// Runs side effects around its events and lifetime, as `Observable.do`.
    public func `do`(
        onNext: ((Element) -> Void)? = nil, afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil, afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Prints its events and subscriptions (as `Observable.debug`).
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Drops elements whose key equals the one before's.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops elements that `comparer` says equal the one before.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops elements whose key `comparer` says equals the one before's.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// At most one element per `dueTime`, on the strategy's scheduler.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// The elements followed by `dueTime` of quiet, on the strategy's scheduler.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Each intermediate accumulation.
    public func scan<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate) -> SharedSequence<SharingStrategy, Accumulate> {
        SharedSequence<SharingStrategy, Accumulate>(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Each element with the latest element of `second` (none before `second` sent).
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(asObservable().withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element of this one.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence<SharingStrategy, Second.Element>(asObservable().withLatestFrom(second.asSharedSequence()))
    }

    /// Drops the first `count` elements.
    ///
    /// A count below 0 skips nothing, as RxCocoa's (a shared sequence cannot fail), and is
    /// reported on standard error through `Hooks`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        if count < 0 {
            Hooks.reportBadArgument("skip(\(count))", of: SharedSequence<SharingStrategy, Element>.self, "a count below 0 skips nothing")
            return asSharedSequence()
        }
        return SharedSequence(asObservable().skip(count))
    }

    /// Sends `element` first.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// Delays each element by `dueTime`, on the strategy's scheduler.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops elements equal to the one before.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// The elements of the latest inner sequence.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().map { $0.asSharedSequence() }.switchLatest())
    }

    /// Merges the inner sequences.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().map { $0.asSharedSequence() }.merge())
    }

    /// Merges the inner sequences, at most `maxConcurrent` at once.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().map { $0.asSharedSequence() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Each element with `object`, held weakly; completes once `object` is gone.
    public func withUnretained<Object: AnyObject, Out>(_ object: Object, resultSelector: @escaping (Object, Element) -> Out) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence<SharingStrategy, Out>(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Each element paired with `object`, held weakly; completes once `object` is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}

extension SharedSequence {
    /// Merges the sequences of a collection.
    public static func merge<Sources: Collection>(_ sources: Sources) -> SharedSequence<SharingStrategy, Element> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the sequences of an array.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the sequences.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The sequences of a sequence one after another.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> SharedSequence<SharingStrategy, Element> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// The sequences of a collection one after another.
    public static func concat<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, Element> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Combines the sequences' elements by position (2 or more).
    public static func zip<each Source>(_ source: repeat SharedSequence<SharingStrategy, each Source>, resultSelector: @escaping (repeat each Source) throws -> Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.zipPack(repeat (each source).asObservable(), resultSelector: resultSelector))
    }

    /// Combines the sequences' elements by position into tuples.
    public static func zip<each Source>(_ source: repeat SharedSequence<SharingStrategy, each Source>) -> SharedSequence<SharingStrategy, (repeat each Source)> where Element == (repeat each Source) {
        SharedSequence(Observable.zip(repeat (each source).asObservable()))
    }

    /// Combines the latest elements of the sequences (2 or more) each time one sends.
    public static func combineLatest<each Source>(_ source: repeat SharedSequence<SharingStrategy, each Source>, resultSelector: @escaping (repeat each Source) throws -> Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.combineLatestPack(repeat (each source).asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest elements of the sequences into tuples.
    public static func combineLatest<each Source>(_ source: repeat SharedSequence<SharingStrategy, each Source>) -> SharedSequence<SharingStrategy, (repeat each Source)> where Element == (repeat each Source) {
        SharedSequence(Observable.combineLatest(repeat (each source).asObservable()))
    }

    /// Combines a collection of sequences' elements by position.
    public static func zip<Sources: Collection, Result>(_ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result) -> SharedSequence<SharingStrategy, Result> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines a collection of sequences' elements by position into arrays.
    public static func zip<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, [Element]> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Combines the latest elements of a collection of sequences.
    public static func combineLatest<Sources: Collection, Result>(_ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result) -> SharedSequence<SharingStrategy, Result> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of a collection of sequences into arrays.
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, [Element]> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
