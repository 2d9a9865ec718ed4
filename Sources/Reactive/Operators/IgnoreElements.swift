extension ObservableType {
    /// Drops every element and keeps the terminal event.
    ///
    /// `--1--2--|` → `ignoreElements()` → `--------|`
    @inlinable public func ignoreElements() -> Observable<Never> {
        UnaryObservable<IgnoreElementsSink<Element>>(asObservable(), ())
    }
}

@usableFromInline final class IgnoreElementsSink<Source>: ForwardingSink<Never>, UnaryOperatorSink, @unchecked Sendable {
    @inlinable init(downstream: Downstream<Never>, parameters: Void) {
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        switch event {
        case .next:
            return
        case .error(let error):
            forwardError(error)
        case .completed:
            // The source goes before the completion, as in RxSwift, whose `ignoreElements` is a
            // `flatMap` (see `MergeSink`).
            disposeThenForward(.completed)
        }
    }
}
