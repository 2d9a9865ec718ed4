extension ObservableType {
    /// Combines the sources' elements by position into tuples.
    ///
    /// `--1--2--|` with second `----a--b--|` → `Observable.zip(source, second)` → `----x--y--|` where `x = (1, "a")`, `y = (2, "b")`
    @inlinable public static func zip<each Source: ObservableConvertibleType>(_ source: repeat each Source) -> Observable<Element> where Element == (repeat (each Source).Element) {
        CombiningObservable<ZipSink<Element>>(CombinedSources(repeat each source, resultSelector: { (value: repeat (each Source).Element) in (repeat each value) }), arity: packLength(repeat each source))
    }

    /// Combines the elements of sources that are `Observable`s already by position into tuples.
    ///
    /// `--1--2--|` with second `----a--b--|` → `Observable.zip(source.asObservable(), second.asObservable())` → `----x--y--|` where `x = (1, "a")`, `y = (2, "b")`
    ///
    /// As the overload above, with the tuple as the result.
    @inlinable public static func zip<each SourceElement>(_ source: repeat Observable<each SourceElement>) -> Observable<Element> where Element == (repeat each SourceElement) {
        CombiningObservable<ZipSink<Element>>(CombinedSources(observables: repeat each source, resultSelector: { (value: repeat each SourceElement) in (repeat each value) }), arity: packLength(repeat each source))
    }

    /// Combines a collection of sources' elements by position.
    ///
    /// As the variadic form, and, as in RxSwift, it also completes when an element arrives
    /// while every other source has completed and one of them has nothing queued (no row can be
    /// made any more). An empty collection completes at once, with no element.
    @inlinable public static func zip<Sources: Collection>(_ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        CombiningObservable<ZipSink<Element>>(CombinedSources(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines a collection of sources' elements by position into arrays.
    ///
    /// RxSwift's shape: `Element` is the sources' element type and the result is an array of
    /// them, so `Observable.zip([a, b])` and `Observable<Int>.zip([a, b])` both read as in
    /// RxSwift.
    @inlinable public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<[Element]> where Sources.Element: ObservableType, Sources.Element.Element == Element {
        CombiningObservable<ZipSink<[Element]>>(CombinedSources(collection.map { $0.asObservable() }, resultSelector: { $0 }))
    }
}

@usableFromInline final class ZipSink<Result>: CombiningSink<Result>, CombiningSinkProtocol, @unchecked Sendable {
    // Guarded by lock.
    // `rows[head...]` are the tuples being assembled, oldest first: source `i` has put its
    // values into the first `pending[i]` of them. The oldest is sent once every source has a
    // value in it. Emitted rows are cleared out of `rows` so their values are released.
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var rows = ContiguousArray<CombinedRow?>()
    @exclusivity(unchecked) @usableFromInline var head = 0

    @inlinable init(downstream: Downstream<Result>, node: borrowing CombiningNode<Result>) {
        let count = node.layout.sources.count
        super.init(downstream: consume downstream, node: node, rows: 0, extraBytes: count * MemoryLayout<Int>.stride)
        pending.initialize(repeating: 0)
    }

    /// How many values each source has put into the rows being assembled (in the sink's storage).
    @inlinable var pending: UnsafeMutableBufferPointer<Int> {
        UnsafeMutableBufferPointer(start: extraStorage.assumingMemoryBound(to: Int.self), count: layout.sources.count)
    }

    deinit {
        // Rows not yet full hold only some values: destroy those, the rows free their memory.
        if layout.isTrivial { return }
        for position in 0..<(rows.count - head) {
            guard let row = rows[head + position] else { continue }
            for source in pending.indices where position < pending[source] {
                layout.destroy(at: source, in: row.storage)
            }
        }
    }

    @inlinable func onSource(_ event: Event<UnsafeRawPointer>, at index: Int) {
        lock.lock()
        var accepted: (Event<CombinedRow?>, Event<CombinedRow?>?)?
        var ended = false
        switch event {
        case .next(let value):
            if done {
                lock.unlock()
                return
            }
            let position = head + pending[index]
            if position == rows.count { rows.append(CombinedRow(layout)) }
            if let row = rows[position] { layout.store(value, at: index, in: row.storage, initialized: false) }
            pending[index] += 1
            if !pending.contains(0), let row = rows[head] {
                row.isFull = true
                rows[head] = nil
                head += 1
                if head == rows.count {
                    rows.removeAll(keepingCapacity: true)
                    head = 0
                }
                for source in pending.indices { pending[source] -= 1 }
                accepted = (.next(row), nil)
            } else if isCollection && onlyOneSourceActive {
                // RxSwift's collection form: the others are done and one has nothing queued.
                accepted = (.completed, nil)
            }
        case .error(let error):
            ended = endSource(index)
            accepted = (.error(error), nil)
        case .completed:
            ended = endSource(index)
            active -= 1
            if active == 0 { accepted = (.completed, nil) }
        }
        guard let (first, second) = accepted else {
            lock.unlock()
            if ended { disposeEndedSource(index) }
            return
        }
        let emitter = acceptLocked(first)
        if let second { _ = acceptLocked(second) }
        lock.unlock()
        if ended { disposeEndedSource(index) }
        if emitter { emit(first) }
    }
}
