// `map` followed by `filter`, run as one operator: `source.map(transform).filter(predicate)`,
// when nothing else holds the map's observable, is that observable with the predicate joined to
// it, and its subscriptions have one sink and one hop per element instead of two (the pair is
// RxSwift's own benchmark chain, and a common one in apps). A map someone else holds is left as
// it is, and the filter is an operator of its own.
//
// Nothing a subscriber can see changes: `transform` runs once per source element, `predicate`
// on its result, an error thrown by either is sent as an `error` event that ends the
// subscription (the source is disposed after it is sent, as by the pair), and the source is
// subscribed once per subscription.
//
// Two such pairs in a row on one element type (`map { … }.filter { … }.map { … }.filter { … }`)
// are subscribed as one sink (`TwoMapFilterPairsSink`), subscribed to the first pair's source:
// the second pair's node sees the first by a cast to the same-type map, which its subscription
// (specialised for its own types) can name; a first pair that changes the type it cannot. A
// second pair that changes the type could, but is left as a pair of its own: its delivery would
// be compiled into the app for every map that changes a type, most of which never follow a pair
// (about 450 bytes of text each). The four closures run as the two sinks would run them, each on
// what the one before passed on; the nodes are only read, so the first pair may be held and
// subscribed elsewhere too.
//
// A map alone and a map with its filter share one sink (`MapSink`, its predicate optional), so
// that an app compiles one delivery per map rather than two, for a nil test an element.

/// `map`'s observable, seen from `filter`, which knows its element type but not its source's.
@usableFromInline package class FilterFusible<Element>: Observable<Element>, @unchecked Sendable {
    /// The predicate of a `filter` joined to this map, if any. Set at most once, by `filter`,
    /// while its caller's reference is the only one (`joinFilter`): no other thread can read it
    /// then, and every later reader got the observable after it was set. (So exclusivity is
    /// unchecked: a dynamic check would only add a thread-local lookup to every subscription.)
    @exclusivity(unchecked) @usableFromInline package final var joinedFilter: ((Element) throws -> Bool)?

    override var chainLabel: StaticString? { joinedFilter == nil ? nil : "map → filter" }

    /// For tests: whether subscriptions run this node as one sink with the map-and-filter
    /// before it (`TwoMapFilterPairsSink`).
    package var runsWithThePairBefore: Bool { false }

    /// Written out so that it is inlinable (an inherited initialiser would be a call).
    @inlinable package init(run: @escaping Run, trampolined: Bool = true) {
        super.init(run: run, trampolined: trampolined)
    }
}

extension FilterFusible {
    /// Joins `predicate` to `observable` if it is a map with no filter joined yet that nothing
    /// else references, strongly, weakly or unowned; true if so (`observable` is then the map
    /// and its filter).
    ///
    /// Sound because an object with no other reference is reachable from this thread alone: no
    /// subscription of it can be running (a running subscription's caller holds a reference),
    /// and whoever gets it later gets it with the predicate set. A weak or unowned reference
    /// (counted apart from the strong ones, each count 1 when there is none) would see the map
    /// become the pair, so either keeps it as it is.
    @inlinable static func joinFilter(_ predicate: @escaping (Element) throws -> Bool, to observable: inout Observable<Element>) -> Bool {
        guard isKnownUniquelyReferenced(&observable), observable is FilterFusible<Element>, !hasWeakOrUnownedReferences(observable) else { return false }
        let map = unsafeDowncast(observable, to: FilterFusible<Element>.self)
        guard map.joinedFilter == nil else { return false }
        map.joinedFilter = predicate
        return true
    }
}

/// Whether something references `object` weakly or unowned. Out of line: inlined, its two
/// runtime calls kept `filter` from being inlined where it is called.
@usableFromInline func hasWeakOrUnownedReferences(_ object: AnyObject) -> Bool {
    _getWeakRetainCount(object) != 1 || _getUnownedRetainCount(object) != 1
}

/// Two map-and-filter pairs in a row on one element type, as one sink (made only where
/// `Source` and `Result` are the same type: see the top of this file):
/// `source.map(firstTransform).filter(firstPredicate).map(transform).filter(predicate)`.
/// Unchecked Sendable as `MapSink`: constant closures, deliveries that never overlap.
@usableFromInline final class TwoMapFilterPairsSink<Source, Result>: ForwardingSink<Result>, @unchecked Sendable {
    @usableFromInline let firstTransform: (Source) throws -> Source
    @usableFromInline let firstPredicate: (Source) throws -> Bool
    @usableFromInline let transform: (Source) throws -> Result
    @usableFromInline let predicate: (Result) throws -> Bool

    @inlinable init(downstream: Downstream<Result>, firstTransform: @escaping (Source) throws -> Source, firstPredicate: @escaping (Source) throws -> Bool, transform: @escaping (Source) throws -> Result, predicate: @escaping (Result) throws -> Bool) {
        self.firstTransform = firstTransform
        self.firstPredicate = firstPredicate
        self.transform = transform
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        forwardTransformed(&event) { element in
            let middle = try firstTransform(element)
            guard try firstPredicate(middle) else { return nil }
            let mapped = try transform(middle)
            return try predicate(mapped) ? mapped : nil
        }
    }
}
