extension ObservableType {
    /// Sends the last `count` elements when the source completes.
    ///
    /// `--1--2--3--|` → `takeLast(2)` → `-----------(23|)`
    ///
    /// Keeps at most `count` elements. An error from the source is forwarded and the kept
    /// elements are dropped. A negative count is sent as `RxError.argumentOutOfRange`.
    @inlinable public func takeLast(_ count: Int) -> Observable<Element> {
        if count < 0 { return Observable.error(RxError.argumentOutOfRange) }
        return UnaryObservable<TakeLastSink<Element>>(asObservable(), count)
    }
}

@usableFromInline final class TakeLastSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let count: Int
    // A ring: `start` is the oldest element once the buffer is full.
    // Unchecked exclusivity: events to one sink never overlap (the Rx contract), so a dynamic
    // check would only add a thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var buffer: ContiguousArray<Element> = []
    @exclusivity(unchecked) @usableFromInline var start = 0

    @inlinable init(downstream: Downstream<Element>, parameters count: Int) {
        self.count = count
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if count == 0 { return }
            if buffer.count < count {
                buffer.append(element)
            } else {
                buffer[start] = element
                start = (start + 1) % count
            }
        case .error(let error):
            buffer = []
            forwardError(error)
        case .completed:
            let kept = buffer[start...] + buffer[..<start]
            buffer = []
            for element in kept {
                if isStopped { return }
                forwardNext(element)
            }
            forwardCompleted()
        }
    }
}
