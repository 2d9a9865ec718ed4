extension ObservableType {
    /// Combines the latest elements of the sources each time one of them sends an element.
    ///
    /// `--1-----2--|` and `----a-----b--|` → `combineLatest(+)` → `----1a--2a-2b--|`
    ///
    /// Sends only once every source has sent an element. Completes when every source has
    /// completed, or at once when a source completes without ever sending an element; the first
    /// error is forwarded and disposes every source. An error thrown by `resultSelector` is sent
    /// as an `error` event. The selector runs outside the operator's lock, one call at a time.
    /// Takes 2 or more sources (RxSwift offers 2 to 8).
    @inlinable public static func combineLatest<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Element) -> Observable<Element> {
        CombineLatestObservable(CombinedSources(repeat each source, resultSelector: resultSelector))
    }

    /// Combines the latest elements of the sources into a tuple each time one sends an element.
    ///
    /// `--1-----2--|` and `----a-----b--|` → `combineLatest` → `----(1,a)--(2,a)-(2,b)--|`
    @inlinable public static func combineLatest<each Source: ObservableConvertibleType>(_ source: repeat each Source) -> Observable<Element> where Element == (repeat (each Source).Element) {
        CombineLatestObservable(CombinedSources(repeat each source, resultSelector: { (value: repeat (each Source).Element) in (repeat each value) }))
    }

    /// Combines the latest elements of a collection of sources.
    ///
    /// An empty collection completes at once.
    @inlinable public static func combineLatest<Sources: Collection>(_ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        CombineLatestObservable(CombinedSources(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of a collection of sources into an array.
    @inlinable public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<Element> where Sources.Element: ObservableConvertibleType, Element == [Sources.Element.Element] {
        CombineLatestObservable(CombinedSources(collection.map { $0.asObservable() }, resultSelector: { $0 }))
    }
}

@usableFromInline final class CombineLatestObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let sources: CombinedSources<Element>

    @inlinable init(_ sources: CombinedSources<Element>) {
        self.sources = sources
        super.init(run: { node, downstream in
            let sources = unsafeDowncast(node, to: CombineLatestObservable<Element>.self).sources
            let sink = CombineLatestSink(downstream: downstream, sources: sources)
            sink.start(sources.subscribers) { unsafeDowncast($0, to: CombineLatestSink<Element>.self).onSource($1, at: $2) }
            return sink
        })
    }
}

@usableFromInline final class CombineLatestSink<Result>: CombiningSink<Result>, @unchecked Sendable {
    // Guarded by lock.
    // Slots not yet set hold `()`; `hasValue` says which are set. Sending `latest` itself shares
    // its storage with the emitter, which releases it before the next event in the common case,
    // so updating a slot does not copy the array.
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var latest: [Any]
    @exclusivity(unchecked) @usableFromInline var hasValue: [Bool]
    @exclusivity(unchecked) @usableFromInline var missing: Int
    @exclusivity(unchecked) @usableFromInline var active: Int

    @inlinable init(downstream: Downstream<Result>, sources: CombinedSources<Result>) {
        latest = Array(repeating: (), count: sources.subscribers.count)
        hasValue = Array(repeating: false, count: sources.subscribers.count)
        missing = sources.subscribers.count
        active = sources.subscribers.count
        super.init(downstream: downstream, selector: sources.selector)
        if sources.subscribers.isEmpty { send(.completed) }
    }

    @inlinable func onSource(_ event: Event<Any>, at index: Int) {
        lock.lock()
        let accepted: Event<[Any]>
        switch event {
        case .next(let value):
            if !hasValue[index] {
                hasValue[index] = true
                missing -= 1
            }
            latest[index] = value
            if missing > 0 {
                lock.unlock()
                return
            }
            accepted = .next(latest)
        case .error(let error):
            accepted = .error(error)
        case .completed:
            active -= 1
            if active > 0 && hasValue[index] {
                lock.unlock()
                return
            }
            accepted = .completed
        }
        let emitter = acceptLocked(accepted)
        lock.unlock()
        if emitter { emit(accepted) }
    }
}
