extension ObservableType {
    /// Drops elements while `predicate` holds, then sends every element.
    ///
    /// `--1--2--5--1--|` → `skip(while: { $0 < 3 })` → `--------5--1--|`
    ///
    /// `predicate` is not called again once it has failed. An error thrown by it is sent as an
    /// `error` event.
    @inlinable public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        UnaryObservable<SkipWhileSink<Element>>(asObservable(), predicate)
    }

    /// The deprecated name of `skip(while:)`.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }
}

@usableFromInline final class SkipWhileSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let predicate: (Element) throws -> Bool
    @usableFromInline var skipping = true

    @inlinable init(downstream: Downstream<Element>, parameters predicate: @escaping (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            if skipping {
                do {
                    if try predicate(element) { return }
                } catch {
                    forwardError(error)
                    return
                }
                skipping = false
            }
            downstream.forward(&event)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
