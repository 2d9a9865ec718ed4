extension ObservableType {
    /// Pairs each element with its index, counting from 0 per subscription.
    ///
    /// `--a--b--|` → `enumerated()` → `--x--y--|` where `x = (index: 0, element: "a")`, `y = (index: 1, element: "b")`
    @inlinable public func enumerated() -> Observable<(index: Int, element: Element)> {
        UnaryObservable<EnumeratedSink<Element>>(asObservable(), ())
    }
}

@usableFromInline final class EnumeratedSink<Source>: ForwardingSink<(index: Int, element: Source)>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline var index = 0

    @inlinable init(downstream: Downstream<(index: Int, element: Source)>, parameters: Void) {
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        switch event {
        case .next(let element):
            let (next, overflow) = index.addingReportingOverflow(1)
            if overflow {
                forwardError(RxError.overflow)
                return
            }
            forwardNext((index, element))
            index = next
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
