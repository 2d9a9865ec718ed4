extension ObservableType {
    /// Sends the source's only element, failing if there is none or more than one.
    ///
    /// `--1--|` → `single()` → `-----1|`; `--1--2--|` → `-----#` (`RxError.moreThanOneElement`)
    ///
    /// Fails with `RxError.noElements` if the source completes empty, and with
    /// `RxError.moreThanOneElement` at the second element (disposing the source).
    @inlinable public func single() -> Observable<Element> {
        UnaryObservable<SingleSink<Element>>(asObservable(), { _ in true })
    }

    /// Sends the only element that satisfies `predicate`, failing if there is none or more than one.
    ///
    /// `--1--2--3--|` → `single { $0 == 2 }` → `-----------2|`
    ///
    /// Errors as `single()`; an error thrown by `predicate` is sent as an `error` event.
    @inlinable public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        UnaryObservable<SingleSink<Element>>(asObservable(), predicate)
    }
}

@usableFromInline final class SingleSink<Element>: ForwardingSink<Element>, UnaryOperatorSink {
    @usableFromInline let predicate: (Element) throws -> Bool
    // Unchecked exclusivity: events to one sink never overlap (the Rx contract), so a dynamic
    // check would only add a thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var found: Element?

    @inlinable init(downstream: Downstream<Element>, parameters predicate: @escaping (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            do {
                guard try predicate(element) else { return }
            } catch {
                forwardError(error)
                return
            }
            if found != nil {
                found = nil
                forwardError(RxError.moreThanOneElement)
            } else {
                found = element
            }
        case .error(let error):
            found = nil
            forwardError(error)
        case .completed:
            if let element = found {
                found = nil
                forwardNext(element)
                forwardCompleted()
            } else {
                forwardError(RxError.noElements)
            }
        }
    }
}
