extension ObservableType {
    /// Transforms each element with `transform`.
    ///
    /// `--1--2--3--|` → `map { $0 * 2 }` → `--2--4--6--|`
    ///
    /// An error thrown by `transform` is sent as an `error` event and ends the subscription
    /// (the source is disposed; `transform` is not called again). `transform` runs on the thread
    /// the source sends on. Retains `transform` for the life of the observable.
    @inlinable public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        MapObservable(source: asObservable(), transform: transform)
    }
}

@usableFromInline final class MapObservable<Source, Result>: FilterFusible<Result>, @unchecked Sendable {
    @usableFromInline let source: Observable<Source>
    override var chainSources: [AnyObject] { [source] }
    override package var runsWithThePairBefore: Bool { Source.self == Result.self && joinedFilter != nil && pairBefore(MapObservable<Source, Source>.self) != nil }
    @usableFromInline let transform: (Source) throws -> Result

    @inlinable init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
        self.source = source
        self.transform = transform
        // Only the two deliveries are made here, specialised in the caller's module: they are
        // the path of every event. Choosing the sink, making it and subscribing it happen once
        // a subscription, in the library's own code (`startSubscription`), so that an app does
        // not compile a copy of them for each pair of element types. The types are handed over
        // too: named here, their metadata is read from a cache; named in code that runs
        // unspecialised, each would be looked up in the runtime's table at every subscription
        // (mapFilterCreating's six pairs: about 2,100 instructions a subscription).
        super.init(run: { node, downstream in
            // Two pairs run as one sink only on one element type (see MapFilter.swift). The
            // comparison of two concrete types folds where this is specialised, so a map that
            // changes the type compiles no two-pairs delivery; it hands over the map's delivery
            // in its place, never called, since with no pair type no pair before is found.
            let keepsTheType = Source.self == Result.self
            let mapDelivery: (AnyObject, inout Event<Source>) -> Void = { unsafeDowncast($0, to: MapSink<Source, Result>.self).on(&$1) }
            return MapObservable<Source, Result>.startSubscription(
                node, downstream,
                map: (MapSink<Source, Result>.self, mapDelivery),
                twoPairs: (TwoMapFilterPairsSink<Source, Result>.self, keepsTheType ? { unsafeDowncast($0, to: TwoMapFilterPairsSink<Source, Result>.self).on(&$1) } : mapDelivery),
                pairType: keepsTheType ? MapObservable<Source, Source>.self : nil)
        })
    }

    /// Makes the sink of one subscription and subscribes it to the source: one sink for two
    /// map-and-filter pairs, or one for a map and its joined filter if any, each of the type
    /// given and delivered to by the handler given with it. `pairType` is the type of a map
    /// before this one that keeps the element type (see `pairBefore`), nil if this one changes
    /// the type (its `twoPairs` delivery is then a stand-in, never called). Not inlinable: the
    /// same, unspecialised, for every element type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    static func startSubscription(
        _ node: Observable<Result>, _ downstream: consuming Downstream<Result>,
        map: (MapSink<Source, Result>.Type, (AnyObject, inout Event<Source>) -> Void),
        twoPairs: (TwoMapFilterPairsSink<Source, Result>.Type, (AnyObject, inout Event<Source>) -> Void),
        pairType: MapObservable<Source, Source>.Type?
    ) -> Upstream {
        let node = unsafeDowncast(node, to: MapObservable<Source, Result>.self)
        if let predicate = node.joinedFilter, let pairType, let pair = node.pairBefore(pairType), let firstPredicate = pair.joinedFilter {
            // A map-and-filter after another of the same element type: one sink for both
            // pairs, subscribed to the first pair's source (see MapFilter.swift).
            let sink = twoPairs.0.init(downstream: consume downstream, firstTransform: pair.transform, firstPredicate: firstPredicate, transform: node.transform, predicate: predicate)
            sink.setUpstream(pair.source.subscribeInsideRun(Downstream(sink, twoPairs.1)))
            return .object(sink)
        }
        let sink = map.0.init(downstream: consume downstream, transform: node.transform, predicate: node.joinedFilter)
        sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink, map.1)))
        return .object(sink)
    }
}

extension MapObservable {
    /// The map-and-filter this one subscribes to, if it is one that keeps the element type
    /// (`pairType`, `MapObservable<Source, Source>`, a final class: so the type test is exact):
    /// with a filter joined to this one too, a subscription runs both pairs in one sink.
    @usableFromInline func pairBefore(_ pairType: MapObservable<Source, Source>.Type) -> MapObservable<Source, Source>? {
        guard type(of: source) == pairType else { return nil }
        let pair = unsafeDowncast(source, to: MapObservable<Source, Source>.self)
        return pair.joinedFilter == nil ? nil : pair
    }
}

/// The sink of a map, and of a map with its joined filter (see MapFilter.swift): one class and
/// one delivery for both, so that an app compiles one delivery per map rather than two (a map
/// alone pays a nil test an element for it). Unchecked Sendable: its closures are constants,
/// called only from the source's deliveries, which never overlap (the Rx contract, which debug
/// builds check at the subjects and `create`); disposal goes through the base sink's atomic state.
@usableFromInline final class MapSink<Source, Result>: ForwardingSink<Result>, @unchecked Sendable {
    @usableFromInline let transform: (Source) throws -> Result
    /// The filter joined to this map, if any.
    @usableFromInline let predicate: ((Result) throws -> Bool)?

    @inlinable init(downstream: Downstream<Result>, transform: @escaping (Source) throws -> Result, predicate: ((Result) throws -> Bool)?) {
        self.transform = transform
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        forwardMapped(&event, transform, keepingIf: predicate)
    }
}
