extension ObservableType {
    /// Sends each intermediate result of accumulating the elements into `seed`.
    ///
    /// `--1--2--3--|` → `scan(0, accumulator: +)` → `--1--3--6--|`
    ///
    /// Each subscription starts from `seed`. An error thrown by `accumulator` is sent as an
    /// `error` event and ends the subscription. Retains `accumulator`.
    @inlinable public func scan<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) -> Observable<Accumulate> {
        UnaryObservable<ScanSink<Element, Accumulate>>(asObservable(), (seed, { accumulate, element in accumulate = try accumulator(accumulate, element) }))
    }

    /// Sends each intermediate result of accumulating the elements, mutating the accumulator in place.
    ///
    /// `--1--2--3--|` → `scan(into: [Int]()) { $0.append($1) }` → `--x--y--z--|` where `x = [1]`, `y = [1, 2]`, `z = [1, 2, 3]`
    ///
    /// Each subscription starts from a copy of `seed`. An error thrown by `accumulator` is sent
    /// as an `error` event and ends the subscription. Retains `accumulator`.
    @inlinable public func scan<Accumulate>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) -> Observable<Accumulate> {
        UnaryObservable<ScanSink<Element, Accumulate>>(asObservable(), (seed, accumulator))
    }
}

@usableFromInline final class ScanSink<Source, Accumulate>: ForwardingSink<Accumulate>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline var accumulate: Accumulate
    @usableFromInline let accumulator: (inout Accumulate, Source) throws -> Void

    @inlinable init(downstream: Downstream<Accumulate>, parameters: (Accumulate, (inout Accumulate, Source) throws -> Void)) {
        (accumulate, accumulator) = parameters
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            do {
                try accumulator(&accumulate, element)
                forwardNext(accumulate)
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
