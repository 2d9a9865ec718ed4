extension ObservableType {
    /// Drops the first `count` elements and sends the rest.
    ///
    /// `--1--2--3--4--|` → `skip(2)` → `--------3--4--|`
    ///
    /// A negative count is sent as `RxError.argumentOutOfRange`.
    @inlinable public func skip(_ count: Int) -> Observable<Element> {
        if count < 0 { return Observable.error(RxError.argumentOutOfRange) }
        return UnaryObservable<SkipCountSink<Element>>(asObservable(), count)
    }
}

@usableFromInline final class SkipCountSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline var remaining: Int

    @inlinable init(downstream: Downstream<Element>, parameters count: Int) {
        remaining = count
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next:
            if remaining > 0 {
                remaining -= 1
            } else if !isStopped {
                downstream.forward(&event)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
