extension ObservableType {
    /// The source's first element, or `nil` if it completes empty, as a `Single`.
    ///
    /// `--1--2--|` → `first()` → `--(1|)`; `-----|` → `-----(n|)` where `n = nil as Int?`
    ///
    /// The source is disposed after its first element. An error before it is forwarded.
    @inlinable public func first() -> Single<Element?> {
        Single(raw: UnaryObservable<FirstSink<Element>>(asObservable(), ()))
    }
}

@usableFromInline final class FirstSink<Element>: ForwardingSink<Element?>, UnaryOperatorSink, @unchecked Sendable {
    @inlinable init(downstream: Downstream<Element?>, parameters: Void) {
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
            forwardCompleted()
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardNext(nil)
            forwardCompleted()
        }
    }
}
