/// Readers for the selector forms of fixed arity (2 to 8 sources: the per-arity `combineLatest`
/// and `zip`): each calls the user's selector with a row's values.
///
/// Why not the pack-based reader of `CombinedSources`: a pack expansion runs as a loop over the
/// pack's metadata even in code specialised for its types, copying each value through its
/// value witness, and a selector of fixed arity handed to a pack parameter is wrapped in a
/// reabstraction thunk (an allocation, and a second call per row). These readers have one
/// generic parameter per value and are specialised whole. They capture the selector (one
/// context per observable when the selector captures anything): called from a capture, it
/// needs no retain, where one turned back from its erased form (as the pack reader does, to
/// capture nothing) is retained and released around every call, and where the selector is a
/// literal the optimiser can inline it into the reader.

@inlinable func selectorReader<A, B, Result>(_ selector: @escaping (A, B) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee)
    }
}

@inlinable func selectorReader<A, B, C, Result>(_ selector: @escaping (A, B, C) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee,
            combinedValue(in: row, sources, 2, as: C.self).pointee)
    }
}

@inlinable func selectorReader<A, B, C, D, Result>(_ selector: @escaping (A, B, C, D) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee,
            combinedValue(in: row, sources, 2, as: C.self).pointee,
            combinedValue(in: row, sources, 3, as: D.self).pointee)
    }
}

@inlinable func selectorReader<A, B, C, D, E, Result>(_ selector: @escaping (A, B, C, D, E) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee,
            combinedValue(in: row, sources, 2, as: C.self).pointee,
            combinedValue(in: row, sources, 3, as: D.self).pointee,
            combinedValue(in: row, sources, 4, as: E.self).pointee)
    }
}

@inlinable func selectorReader<A, B, C, D, E, F, Result>(_ selector: @escaping (A, B, C, D, E, F) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee,
            combinedValue(in: row, sources, 2, as: C.self).pointee,
            combinedValue(in: row, sources, 3, as: D.self).pointee,
            combinedValue(in: row, sources, 4, as: E.self).pointee,
            combinedValue(in: row, sources, 5, as: F.self).pointee)
    }
}

@inlinable func selectorReader<A, B, C, D, E, F, G, Result>(_ selector: @escaping (A, B, C, D, E, F, G) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee,
            combinedValue(in: row, sources, 2, as: C.self).pointee,
            combinedValue(in: row, sources, 3, as: D.self).pointee,
            combinedValue(in: row, sources, 4, as: E.self).pointee,
            combinedValue(in: row, sources, 5, as: F.self).pointee,
            combinedValue(in: row, sources, 6, as: G.self).pointee)
    }
}

@inlinable func selectorReader<A, B, C, D, E, F, G, H, Result>(_ selector: @escaping (A, B, C, D, E, F, G, H) throws -> Result) -> (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result {
    { _, row, sources in
        try selector(
            combinedValue(in: row, sources, 0, as: A.self).pointee,
            combinedValue(in: row, sources, 1, as: B.self).pointee,
            combinedValue(in: row, sources, 2, as: C.self).pointee,
            combinedValue(in: row, sources, 3, as: D.self).pointee,
            combinedValue(in: row, sources, 4, as: E.self).pointee,
            combinedValue(in: row, sources, 5, as: F.self).pointee,
            combinedValue(in: row, sources, 6, as: G.self).pointee,
            combinedValue(in: row, sources, 7, as: H.self).pointee)
    }
}

/// The value of the source at `index` in `row`, at its type.
///
/// Sound because a reader and the layout it reads are made together, from the same sources
/// (the per-arity operators pass the sources' elements to `CombinedLayout` and the selector's
/// parameters to `selectorReader`, in the same order): source `index`'s value, at its offset,
/// is of the reader's `index`-th parameter type. `assertEveryArity_eachSourceReadAtItsPlace`
/// (combineLatest and zip tests) fails if a reader reads a place at the wrong type, and the
/// reference-valued stress tests of combineLatest run under ASan in CI.
@inlinable @inline(__always) func combinedValue<Value>(in row: UnsafeRawPointer, _ sources: [CombinedSource], _ index: Int, as _: Value.Type) -> UnsafePointer<Value> {
    (row + sources[index].offset).assumingMemoryBound(to: Value.self)
}
