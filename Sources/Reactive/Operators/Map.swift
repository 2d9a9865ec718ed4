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
    override package var runsWithThePairBefore: Bool { joinedFilter != nil && pairBefore != nil }
    @usableFromInline let transform: (Source) throws -> Result

    @inlinable init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
        self.source = source
        self.transform = transform
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: MapObservable<Source, Result>.self)
            if let predicate = node.joinedFilter {
                // A map-and-filter after another of the same element type: one sink for both
                // pairs, subscribed to the first pair's source (see MapFilter.swift).
                if let pair = node.pairBefore, let firstPredicate = pair.joinedFilter {
                    let sink = TwoMapFilterPairsSink(downstream: consume downstream, firstTransform: pair.transform, firstPredicate: firstPredicate, transform: node.transform, predicate: predicate)
                    sink.setUpstream(pair.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: TwoMapFilterPairsSink<Source, Result>.self).on(&$1) }))
                    return .object(sink)
                }
                let sink = MapFilterSink(downstream: consume downstream, transform: node.transform, predicate: predicate)
                sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: MapFilterSink<Source, Result>.self).on(&$1) }))
                return .object(sink)
            }
            let sink = MapSink(downstream: consume downstream, transform: node.transform)
            sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: MapSink<Source, Result>.self).on(&$1) }))
            return .object(sink)
        })
    }
}

extension MapObservable {
    /// The map-and-filter this one subscribes to, if it is one that keeps the element type:
    /// with a filter joined to this one too, a subscription runs both pairs in one sink.
    @inlinable var pairBefore: MapObservable<Source, Source>? {
        guard let pair = source as? MapObservable<Source, Source>, pair.joinedFilter != nil else { return nil }
        return pair
    }
}

@usableFromInline final class MapSink<Source, Result>: ForwardingSink<Result>, @unchecked Sendable {
    @usableFromInline let transform: (Source) throws -> Result

    @inlinable init(downstream: Downstream<Result>, transform: @escaping (Source) throws -> Result) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        forwardTransformed(&event) { try transform($0) }
    }
}
