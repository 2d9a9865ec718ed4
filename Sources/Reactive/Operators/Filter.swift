extension ObservableType {
    /// Keeps the elements for which `predicate` returns true.
    ///
    /// `--1--2--3--4--|` → `filter { $0 % 2 == 0 }` → `-----2-----4--|`
    ///
    /// An error thrown by `predicate` is sent as an `error` event and ends the subscription.
    /// `predicate` runs on the thread the source sends on. Retains `predicate`.
    @inlinable @inline(__always) public consuming func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        // Consumed, so that a map made just before (`map { … }.filter { … }`) is referenced
        // from here alone and can take the predicate itself (see MapFilter.swift). Always
        // inlined: out of line (as it went when `Observable`'s initialiser grew by one field),
        // the joined map's checks and the new node cost 170 more instructions a chain.
        var source = (consume self).asObservable()
        if FilterFusible.joinFilter(predicate, to: &source) { return source }
        return FilterObservable(source: source, predicate: predicate)
    }
}

@usableFromInline final class FilterObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    override var chainSources: [AnyObject] { [source] }
    @usableFromInline let predicate: (Element) throws -> Bool

    @inlinable init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        // Only the delivery is made here, specialised in the caller's module, and the sink's
        // type named, its metadata read from a cache (see `map`).
        super.init(run: { node, downstream in
            FilterObservable<Element>.startSubscription(node, downstream, sink: FilterSink<Element>.self, delivery: { unsafeDowncast($0, to: FilterSink<Element>.self).on(&$1) })
        })
    }

    /// Makes the sink of one subscription and subscribes it to the source. Not inlinable: the
    /// same, unspecialised, for every element type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    static func startSubscription(_ node: Observable<Element>, _ downstream: consuming Downstream<Element>, sink sinkType: FilterSink<Element>.Type, delivery: @escaping (AnyObject, inout Event<Element>) -> Void) -> Upstream {
        let node = unsafeDowncast(node, to: FilterObservable<Element>.self)
        let sink = sinkType.init(downstream: consume downstream, predicate: node.predicate)
        sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink, delivery)))
        return .object(sink)
    }
}

@usableFromInline final class FilterSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    @usableFromInline let predicate: (Element) throws -> Bool

    @inlinable init(downstream: Downstream<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            do {
                if try predicate(element) { downstream.forward(&event) }
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
