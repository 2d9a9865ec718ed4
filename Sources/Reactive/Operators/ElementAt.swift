extension ObservableType {
    /// Sends only the element at `index` (counting from 0), then completes.
    ///
    /// `--a--b--c--|` → `element(at: 1)` → `-----(b|)`
    ///
    /// If the source completes first, the result fails with `RxError.argumentOutOfRange`;
    /// a negative index fails the same way at subscription.
    @inlinable public func element(at index: Int) -> Observable<Element> {
        if index < 0 { return Observable.error(RxError.argumentOutOfRange) }
        return UnaryObservable<ElementAtSink<Element>>(asObservable(), index)
    }

    /// The deprecated name of `element(at:)`.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

@usableFromInline final class ElementAtSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline var remaining: Int

    @inlinable init(downstream: Downstream<Element>, parameters index: Int) {
        remaining = index
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        switch event {
        case .next:
            if isStopped { return }
            if remaining == 0 {
                downstream.forward(&event)
                forwardCompleted()
            } else {
                remaining -= 1
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardError(RxError.argumentOutOfRange)
        }
    }
}
