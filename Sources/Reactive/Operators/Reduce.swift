extension ObservableType {
    /// Accumulates every element into `seed` and sends the result, mapped, when the source completes.
    ///
    /// `--1--2--3--|` → `reduce(0, accumulator: +, mapResult: { $0 * 10 })` → `-----------(x|)` where `x = 60`
    ///
    /// An error from the source, `accumulator` or `mapResult` is sent as an `error` event.
    @inlinable public func reduce<Accumulate, Result>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate, mapResult: @escaping (Accumulate) throws -> Result) -> Observable<Result> {
        UnaryObservable<ReduceSink<Element, Accumulate, Result>>(asObservable(), (seed, { accumulate, element in accumulate = try accumulator(accumulate, element) }, mapResult))
    }

    /// Accumulates every element into `seed` and sends the result when the source completes.
    ///
    /// `--1--2--3--|` → `reduce(0, accumulator: +)` → `-----------(6|)`
    ///
    /// An error from the source or from `accumulator` is sent as an `error` event.
    @inlinable public func reduce<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) -> Observable<Accumulate> {
        UnaryObservable<ReduceSink<Element, Accumulate, Accumulate>>(asObservable(), (seed, { accumulate, element in accumulate = try accumulator(accumulate, element) }, { $0 }))
    }

    /// Collects every element and sends them as one array when the source completes, as a `Single`.
    ///
    /// `--1--2--3--|` → `toArray()` → `-----------(x|)` where `x = [1, 2, 3]`
    @inlinable public func toArray() -> Single<[Element]> {
        Single(raw: UnaryObservable<ReduceSink<Element, [Element], [Element]>>(asObservable(), ([], { $0.append($1) }, { $0 })))
    }
}

@usableFromInline final class ReduceSink<Source, Accumulate, Result>: ForwardingSink<Result>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline var accumulate: Accumulate
    @usableFromInline let accumulator: (inout Accumulate, Source) throws -> Void
    @usableFromInline let mapResult: (Accumulate) throws -> Result

    @inlinable init(downstream: Downstream<Result>, parameters: (Accumulate, (inout Accumulate, Source) throws -> Void, (Accumulate) throws -> Result)) {
        (accumulate, accumulator, mapResult) = parameters
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Source>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            do {
                try accumulator(&accumulate, element)
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            if isStopped { return }
            do {
                forwardNext(try mapResult(accumulate))
                forwardCompleted()
            } catch {
                forwardError(error)
            }
        }
    }
}
