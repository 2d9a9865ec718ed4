extension ObservableType {
    /// Combines the sources' elements by position: the first of each, then the second of each, …
    ///
    /// `--1--2-----3--|` and `----a--b--|` → `zip(+)` → `----1a-2b--|`
    ///
    /// Elements wait in per-source queues until every source has one at that position.
    /// Completes when a source has completed and its queue is empty; the first error is
    /// forwarded and disposes every source. An error thrown by `resultSelector` is sent as an
    /// `error` event. Takes 2 or more sources (RxSwift offers 2 to 8).
    @inlinable public static func zip<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Element) -> Observable<Element> {
        ZipObservable(CombinedSources(repeat each source, resultSelector: resultSelector))
    }

    /// Combines the sources' elements by position into tuples.
    ///
    /// `--1--2--|` and `----a--b--|` → `zip` → `----(1,a)--(2,b)|`
    @inlinable public static func zip<each Source: ObservableConvertibleType>(_ source: repeat each Source) -> Observable<Element> where Element == (repeat (each Source).Element) {
        ZipObservable(CombinedSources(repeat each source, resultSelector: { (value: repeat (each Source).Element) in (repeat each value) }))
    }

    /// Combines a collection of sources' elements by position.
    ///
    /// An empty collection completes at once.
    @inlinable public static func zip<Sources: Collection>(_ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        ZipObservable(CombinedSources(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines a collection of sources' elements by position into arrays.
    @inlinable public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<Element> where Sources.Element: ObservableConvertibleType, Element == [Sources.Element.Element] {
        ZipObservable(CombinedSources(collection.map { $0.asObservable() }, resultSelector: { $0 }))
    }
}

@usableFromInline final class ZipObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let sources: CombinedSources<Element>

    @inlinable init(_ sources: CombinedSources<Element>) {
        self.sources = sources
        super.init(run: { node, downstream in
            let sources = unsafeDowncast(node, to: ZipObservable<Element>.self).sources
            let sink = ZipSink(downstream: downstream, sources: sources)
            sink.start(sources.subscribers) { unsafeDowncast($0, to: ZipSink<Element>.self).onSource($1, at: $2) }
            return sink
        })
    }
}

@usableFromInline final class ZipSink<Result>: CombiningSink<Result>, @unchecked Sendable {
    // Guarded by lock.
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var queues: [[Any]]
    @exclusivity(unchecked) @usableFromInline var heads: [Int]
    @exclusivity(unchecked) @usableFromInline var completed: [Bool]

    @inlinable init(downstream: Downstream<Result>, sources: CombinedSources<Result>) {
        queues = Array(repeating: [], count: sources.subscribers.count)
        heads = Array(repeating: 0, count: sources.subscribers.count)
        completed = Array(repeating: false, count: sources.subscribers.count)
        super.init(downstream: downstream, selector: sources.selector)
        if sources.subscribers.isEmpty { send(.completed) }
    }

    @inlinable func isEmptyLocked(_ index: Int) -> Bool { heads[index] == queues[index].count }

    @inlinable func onSource(_ event: Event<Any>, at index: Int) {
        lock.lock()
        var accepted: [Event<[Any]>] = []
        switch event {
        case .next(let value):
            queues[index].append(value)
            if queues.indices.allSatisfy({ !isEmptyLocked($0) }) {
                var values: [Any] = []
                values.reserveCapacity(queues.count)
                for source in queues.indices {
                    values.append(queues[source][heads[source]])
                    heads[source] += 1
                    if isEmptyLocked(source) {
                        queues[source].removeAll(keepingCapacity: true)
                        heads[source] = 0
                    }
                }
                accepted.append(.next(values))
                // A completed source whose queue just emptied can never pair again.
                if queues.indices.contains(where: { completed[$0] && isEmptyLocked($0) }) {
                    accepted.append(.completed)
                }
            }
        case .error(let error):
            accepted.append(.error(error))
        case .completed:
            completed[index] = true
            if isEmptyLocked(index) { accepted.append(.completed) }
        }
        var first: Event<[Any]>?
        for event in accepted where acceptLocked(event) && first == nil { first = event }
        lock.unlock()
        if let first { emit(first) }
    }
}
