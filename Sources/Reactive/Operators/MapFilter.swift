// `map` followed by `filter`, run as one operator: `source.map(transform).filter(predicate)`
// builds a `MapFilterObservable`, whose subscription has one sink and one hop per element
// instead of two (the pair is RxSwift's own benchmark chain, and a common one in apps).
//
// Nothing a subscriber can see changes: `transform` runs once per source element, `predicate`
// on its result, an error thrown by either is sent as an `error` event that ends the
// subscription (the source is disposed after it is sent, as by the pair), and the source is
// subscribed once, when the fused observable is. The `map` observable itself stays a plain map
// for anyone else who holds it.

/// An observable that a `filter` applied to it joins: `map`'s. Not a protocol or an overridden
/// method: the joining function is made where `map` is called, in code specialised for its
/// types, so that the fused observable's sink handler is specialised too and captures nothing
/// (a method of a generic class runs unspecialised, through the vtable).
@usableFromInline class FilterFusible<Element>: Observable<Element>, @unchecked Sendable {
    /// `filter(predicate)` of the observable passed in (`self`), as one observable.
    @usableFromInline let fuseFilter: (FilterFusible<Element>, @escaping (Element) throws -> Bool) -> Observable<Element>

    @inlinable init(fuseFilter: @escaping (FilterFusible<Element>, @escaping (Element) throws -> Bool) -> Observable<Element>, run: @escaping Run) {
        self.fuseFilter = fuseFilter
        super.init(run: run)
    }
}

@usableFromInline final class MapFilterObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
    @usableFromInline let source: Observable<Source>
    @usableFromInline let transform: (Source) throws -> Result
    @usableFromInline let predicate: (Result) throws -> Bool

    @inlinable init(source: Observable<Source>, transform: @escaping (Source) throws -> Result, predicate: @escaping (Result) throws -> Bool) {
        self.source = source
        self.transform = transform
        self.predicate = predicate
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: MapFilterObservable<Source, Result>.self)
            let sink = MapFilterSink(downstream: downstream, transform: node.transform, predicate: node.predicate)
            sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: MapFilterSink<Source, Result>.self).on(&$1) }))
            return sink
        })
    }
}

@usableFromInline final class MapFilterSink<Source, Result>: ForwardingSink<Result> {
    @usableFromInline let transform: (Source) throws -> Result
    @usableFromInline let predicate: (Result) throws -> Bool

    @inlinable init(downstream: Downstream<Result>, transform: @escaping (Source) throws -> Result, predicate: @escaping (Result) throws -> Bool) {
        self.transform = transform
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            let mapped: Result
            do {
                mapped = try transform(element)
                guard try predicate(mapped) else { return }
            } catch {
                forwardError(error)
                return
            }
            downstream.on(.next(mapped))
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
