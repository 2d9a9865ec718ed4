/// The machinery `combineLatest` and `zip` share for any number of sources of any types.
///
/// The arities 2…8 (and more) are one parameter-pack function each. The values travel in
/// *rows*: raw memory holding one value per source, each at its offset, typed only by the
/// layout built once per observable. A source hands its element to the combining sink by
/// address, which copies it into a row (a `memcpy` when every element type is trivial), and the
/// user's selector reads each value back at its own type: no boxing, no dynamic cast.
///
/// Code generic over a parameter pack runs its pack loops unspecialised, so the pack-typed part
/// is kept to building the layout and the selector's reads; the sources' events reach the
/// combining sink through handlers made where its type is concrete (see
/// `CombiningSinkProtocol.sourceHandler(at:arity:)`), so the rest runs specialised.
@usableFromInline struct CombinedSources<Result> {
    @usableFromInline let layout: CombinedLayout
    /// The user's selector, its type erased (see `ErasedResultSelector`).
    @usableFromInline let resultSelector: ErasedResultSelector
    /// Calls `resultSelector` with the values of a full row.
    @usableFromInline let reader: (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result
    /// Whether the sources came as a collection: RxSwift's collection forms have rules of their
    /// own (zip completes once an element can never be paired; combineLatest of no sources
    /// sends the selector's value of an empty array).
    @usableFromInline let isCollection: Bool

    @inlinable init<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Result) {
        var layout = CombinedLayout(capacity: packCount(repeat (each Source).self))
        // Each pack element is copied here (through its value witness: the pack loop runs
        // unspecialised) before it is converted; the overloads taking `Observable`s avoid both.
        repeat layout.append(convertible: each source)
        self.init(layout: layout, resultSelector: resultSelector)
    }

    /// Sources that are `Observable`s already: each is copied with a plain retain, into its
    /// record.
    @inlinable init<each Element>(observables source: repeat Observable<each Element>, resultSelector: @escaping (repeat each Element) throws -> Result) {
        var layout = CombinedLayout(capacity: packCount(repeat (each Element).self))
        repeat layout.append(each source)
        self.init(layout: layout, resultSelector: resultSelector)
    }

    /// A layout built where the element types are concrete (`CombinedLayout+arity.swift`), with
    /// a reader of fixed arity that holds the selector itself (`selectorReader`): the per-arity
    /// operators' form.
    @inlinable init(layout: CombinedLayout, reader: @escaping (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result) {
        self.layout = layout
        resultSelector = .heldByReader
        self.reader = reader
        isCollection = false
    }

    @inlinable init<each Element>(layout: CombinedLayout, resultSelector: @escaping (repeat each Element) throws -> Result) {
        self.layout = layout
        self.resultSelector = unsafeBitCast(PackResultSelector(resultSelector), to: ErasedResultSelector.self)
        reader = packSelectorReader(resultSelector)
        isCollection = false
    }

    @inlinable init<Element>(_ sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        var layout = CombinedLayout(capacity: sources.count)
        for source in sources { layout.append(source) }
        self.layout = layout
        isCollection = true
        self.resultSelector = unsafeBitCast(ArrayResultSelector(resultSelector), to: ErasedResultSelector.self)
        reader = { erased, row, sources in
            let resultSelector = unsafeBitCast(erased, to: ArrayResultSelector<Element, Result>.self).function
            return try resultSelector(sources.map { (row + $0.offset).assumingMemoryBound(to: Element.self).pointee })
        }
    }
}

/// The number of types in a pack (counted over the types: iterating the values would copy each).
@inlinable func packCount<each Element>(_: repeat (each Element).Type) -> Int {
    var count = 0
    for _ in repeat (each Element).self { count += 1 }
    return count
}

/// The user's result selector with its type erased, for storage.
///
/// Why erased rather than captured by the reading closure: a closure capturing it (a function
/// value is two words) needs a context allocated for each observable; a reader that captures
/// nothing, made where the types are concrete, needs none. Only the reader made for the very
/// type it was erased from turns it back. The function is wrapped in a struct on both sides:
/// `unsafeBitCast` leaves a struct's bits alone, while a function value passed through it would
/// be re-abstracted.
@usableFromInline struct ErasedResultSelector {
    @usableFromInline let function: () -> Void

    @inlinable init(function: @escaping () -> Void) {
        self.function = function
    }

    /// What stands for the selector when the reader holds it (`selectorReader`).
    @inlinable static var heldByReader: ErasedResultSelector { ErasedResultSelector {} }
}

/// A pack-based operator's selector, at the abstraction its parameter has (so wrapping it needs
/// no reabstraction thunk, which would be another allocation).
@usableFromInline struct PackResultSelector<each Element, Result> {
    @usableFromInline let function: (repeat each Element) throws -> Result

    @inlinable init(_ function: @escaping (repeat each Element) throws -> Result) {
        self.function = function
    }
}

/// A collection-based operator's selector; see `PackResultSelector`.
@usableFromInline struct ArrayResultSelector<Element, Result> {
    @usableFromInline let function: ([Element]) throws -> Result

    @inlinable init(_ function: @escaping ([Element]) throws -> Result) {
        self.function = function
    }
}

/// Reads a row's values at their types and calls the selector with them.
///
/// Generic over the element types themselves rather than the sources, so reading
/// `(each Source).Element` per event looks up no associated type. The values are passed to the
/// selector straight from the row, by address.
@inlinable func packSelectorReader<each Element, Result>(_: (repeat each Element) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { erased, row, sources in
        let resultSelector = unsafeBitCast(erased, to: PackResultSelector<repeat each Element, Result>.self).function
        var index = 0
        return try resultSelector(repeat combinedValueAddress(in: row, sources: sources, at: &index).assumingMemoryBound(to: (each Element).self).pointee)
    }
}

/// Where the value of the source at `index` is in `row`; advances `index`.
@inlinable func combinedValueAddress(in row: UnsafeRawPointer, sources: [CombinedSource], at index: inout Int) -> UnsafeRawPointer {
    defer { index += 1 }
    return row + sources[index].offset
}
