/// A selector of a fixed arity (2 to 8, the per-arity `combineLatest` and `zip`) with the
/// reader that calls it with a row's values.
///
/// Why not the pack-based selector and reader of `CombinedSources`: a pack expansion runs as a
/// loop over the pack's metadata even in code specialised for its types, copying each value
/// through its value witness, and a selector of fixed arity handed to a pack parameter is
/// wrapped in a reabstraction thunk (an allocation, and a second call per row). Here the
/// selector is kept as the user passed it, in a struct of its own arity (`ResultSelector2`…),
/// and the reader, with one generic parameter per value, is specialised whole.
@usableFromInline struct FixedRowSelector<Result> {
    @usableFromInline let erased: ErasedResultSelector
    @usableFromInline let reader: (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result

    @inlinable init(erased: ErasedResultSelector, reader: @escaping (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result) {
        self.erased = erased
        self.reader = reader
    }

    @inlinable init<A, B>(_ selector: @escaping (A, B) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector2(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector2<A, B, Result>.self).function(
                combinedValue(in: row, sources, 0, as: A.self).pointee,
                combinedValue(in: row, sources, 1, as: B.self).pointee)
        }
    }

    @inlinable init<A, B, C>(_ selector: @escaping (A, B, C) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector3(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector3<A, B, C, Result>.self).function(
                combinedValue(in: row, sources, 0, as: A.self).pointee,
                combinedValue(in: row, sources, 1, as: B.self).pointee,
                combinedValue(in: row, sources, 2, as: C.self).pointee)
        }
    }

    @inlinable init<A, B, C, D>(_ selector: @escaping (A, B, C, D) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector4(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector4<A, B, C, D, Result>.self).function(
                combinedValue(in: row, sources, 0, as: A.self).pointee,
                combinedValue(in: row, sources, 1, as: B.self).pointee,
                combinedValue(in: row, sources, 2, as: C.self).pointee,
                combinedValue(in: row, sources, 3, as: D.self).pointee)
        }
    }

    @inlinable init<A, B, C, D, E>(_ selector: @escaping (A, B, C, D, E) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector5(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector5<A, B, C, D, E, Result>.self).function(
                combinedValue(in: row, sources, 0, as: A.self).pointee,
                combinedValue(in: row, sources, 1, as: B.self).pointee,
                combinedValue(in: row, sources, 2, as: C.self).pointee,
                combinedValue(in: row, sources, 3, as: D.self).pointee,
                combinedValue(in: row, sources, 4, as: E.self).pointee)
        }
    }

    @inlinable init<A, B, C, D, E, F>(_ selector: @escaping (A, B, C, D, E, F) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector6(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector6<A, B, C, D, E, F, Result>.self).function(
                combinedValue(in: row, sources, 0, as: A.self).pointee,
                combinedValue(in: row, sources, 1, as: B.self).pointee,
                combinedValue(in: row, sources, 2, as: C.self).pointee,
                combinedValue(in: row, sources, 3, as: D.self).pointee,
                combinedValue(in: row, sources, 4, as: E.self).pointee,
                combinedValue(in: row, sources, 5, as: F.self).pointee)
        }
    }

    @inlinable init<A, B, C, D, E, F, G>(_ selector: @escaping (A, B, C, D, E, F, G) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector7(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector7<A, B, C, D, E, F, G, Result>.self).function(
                combinedValue(in: row, sources, 0, as: A.self).pointee,
                combinedValue(in: row, sources, 1, as: B.self).pointee,
                combinedValue(in: row, sources, 2, as: C.self).pointee,
                combinedValue(in: row, sources, 3, as: D.self).pointee,
                combinedValue(in: row, sources, 4, as: E.self).pointee,
                combinedValue(in: row, sources, 5, as: F.self).pointee,
                combinedValue(in: row, sources, 6, as: G.self).pointee)
        }
    }

    @inlinable init<A, B, C, D, E, F, G, H>(_ selector: @escaping (A, B, C, D, E, F, G, H) throws -> Result) {
        self.init(erased: unsafeBitCast(ResultSelector8(function: selector), to: ErasedResultSelector.self)) { erased, row, sources in
            try unsafeBitCast(erased, to: ResultSelector8<A, B, C, D, E, F, G, H, Result>.self).function(
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
}

// The user's selector at its own abstraction, one struct per arity (a struct's bits survive
// `unsafeBitCast`; a function value passed through it would be re-abstracted).
@usableFromInline struct ResultSelector2<A, B, Result> {
    @usableFromInline let function: (A, B) throws -> Result
    @inlinable init(function: @escaping (A, B) throws -> Result) { self.function = function }
}

@usableFromInline struct ResultSelector3<A, B, C, Result> {
    @usableFromInline let function: (A, B, C) throws -> Result
    @inlinable init(function: @escaping (A, B, C) throws -> Result) { self.function = function }
}

@usableFromInline struct ResultSelector4<A, B, C, D, Result> {
    @usableFromInline let function: (A, B, C, D) throws -> Result
    @inlinable init(function: @escaping (A, B, C, D) throws -> Result) { self.function = function }
}

@usableFromInline struct ResultSelector5<A, B, C, D, E, Result> {
    @usableFromInline let function: (A, B, C, D, E) throws -> Result
    @inlinable init(function: @escaping (A, B, C, D, E) throws -> Result) { self.function = function }
}

@usableFromInline struct ResultSelector6<A, B, C, D, E, F, Result> {
    @usableFromInline let function: (A, B, C, D, E, F) throws -> Result
    @inlinable init(function: @escaping (A, B, C, D, E, F) throws -> Result) { self.function = function }
}

@usableFromInline struct ResultSelector7<A, B, C, D, E, F, G, Result> {
    @usableFromInline let function: (A, B, C, D, E, F, G) throws -> Result
    @inlinable init(function: @escaping (A, B, C, D, E, F, G) throws -> Result) { self.function = function }
}

@usableFromInline struct ResultSelector8<A, B, C, D, E, F, G, H, Result> {
    @usableFromInline let function: (A, B, C, D, E, F, G, H) throws -> Result
    @inlinable init(function: @escaping (A, B, C, D, E, F, G, H) throws -> Result) { self.function = function }
}
