extension ObservableType {
    /// Sends the first `count` elements, then completes.
    ///
    /// `--1--2--3--4--|` → `take(2)` → `--1--(2|)`
    ///
    /// The source is disposed as soon as the last element is sent; `take(0)` completes at once
    /// without subscribing. A negative count is sent as `RxError.argumentOutOfRange`.
    @inlinable public func take(_ count: Int) -> Observable<Element> {
        if count < 0 { return Observable.error(RxError.argumentOutOfRange) }
        if count == 0 { return Observable.empty() }
        return UnaryObservable<TakeCountSink<Element>>(asObservable(), count)
    }
}

@usableFromInline final class TakeCountSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline var remaining: Int

    @inlinable init(downstream: Downstream<Element>, parameters count: Int) {
        remaining = count
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next:
            if isStopped || remaining == 0 { return }
            remaining -= 1
            downstream.forward(&event)
            if remaining == 0 { forwardCompleted() }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
