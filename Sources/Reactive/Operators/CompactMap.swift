extension ObservableType {
    /// Transforms each element and keeps the non-nil results.
    ///
    /// `--a--b--c--|` → `compactMap { Int($0) }` → `--1-----3--|` where `a = "1"`, `b = "x"`, `c = "3"`
    ///
    /// An error thrown by `transform` is sent as an `error` event and ends the subscription.
    /// `transform` runs on the thread the source sends on. Retains `transform`.
    @inlinable public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        UnaryObservable<CompactMapSink<Element, Result>>(asObservable(), transform)
    }
}

@usableFromInline final class CompactMapSink<Source, Result>: ForwardingSink<Result>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let transform: (Source) throws -> Result?

    @inlinable init(downstream: Downstream<Result>, parameters transform: @escaping (Source) throws -> Result?) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        forwardTransformed(&event) { try transform($0) }
    }
}
