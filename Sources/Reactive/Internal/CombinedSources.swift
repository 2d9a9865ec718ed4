/// The machinery `combineLatest` and `zip` share for any number of sources of any types.
///
/// The arities 2…8 (and more) are one parameter-pack function each. The values travel in
/// *rows*: raw memory holding one value per source, each at its offset, typed only by the
/// layout built once per observable. A source's sink hands its element to the combining sink by
/// address, which copies it into a row (a `memcpy` when every element type is trivial), and the
/// user's selector reads each value back at its own type: no boxing, no dynamic cast.
///
/// Code generic over a parameter pack is not specialised, so the pack-typed part is kept to the
/// layout, the sources' own sinks (which only pass an address) and the selector's reads; the
/// combining sink calls through a `CombinedSourceHandler` created where its type is concrete, so
/// the rest runs specialised.
@usableFromInline struct CombinedSources<Result> {
    @usableFromInline let layout: CombinedLayout
    /// Calls the user's selector with the values of a full row.
    @usableFromInline let selector: (UnsafeRawPointer) throws -> Result

    @inlinable init<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Result) {
        var layout = CombinedLayout()
        // Over the types, and each source borrowed where it is: iterating the values would copy
        // each one (through its value witness, a call and a retain, since the code is generic).
        var count = 0
        for _ in repeat (each Source).self { count += 1 }
        layout.sources.reserveCapacity(count)
        repeat layout.append((each source).asObservable())
        self.layout = layout
        selector = combinedSelector(resultSelector, sources: layout.sources)
    }

    @inlinable init<Element>(_ sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        var layout = CombinedLayout()
        layout.sources.reserveCapacity(sources.count)
        for source in sources { layout.append(source) }
        self.layout = layout
        let sources = layout.sources
        selector = { row in
            try resultSelector(sources.map { (row + $0.offset).assumingMemoryBound(to: Element.self).pointee })
        }
    }
}

/// Calls `resultSelector` with the values of a row.
///
/// Generic over the element types themselves rather than the sources, so the closure captures
/// their metadata: reading `(each Source).Element` per event would look up an associated type.
/// The values are passed to the selector straight from the row, by address.
@inlinable func combinedSelector<each Element, Result>(_ resultSelector: @escaping (repeat each Element) throws -> Result, sources: [CombinedSource]) -> (UnsafeRawPointer) throws -> Result {
    { row in
        var index = 0
        return try resultSelector(repeat combinedValueAddress(in: row, sources: sources, at: &index).assumingMemoryBound(to: (each Element).self).pointee)
    }
}

/// Where the value of the source at `index` is in `row`; advances `index`.
@inlinable func combinedValueAddress(in row: UnsafeRawPointer, sources: [CombinedSource], at index: inout Int) -> UnsafeRawPointer {
    defer { index += 1 }
    return row + sources[index].offset
}
