extension ObservableType {
    /// Sends every event of the source as an element, then completes.
    ///
    /// `--1--2--#` → `materialize()` → `--x--y--(e|)` where `x = Event<Int>.next(1)`, `y = Event<Int>.next(2)`, `e = Event<Int>.error(MarbleError(symbol: "#"))`
    ///
    /// The result never fails: the source's error or completion is sent as an element, followed
    /// by `completed`.
    @inlinable public func materialize() -> Observable<Event<Element>> {
        UnaryObservable<MaterializeSink<Element>>(asObservable(), ())
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into events: the inverse of `materialize()`.
    ///
    /// `--x--e--` → `dematerialize()` → `--1--#` where `x = Event<Int>.next(1)`, `e = Event<Int>.error(MarbleError(symbol: "#"))`
    ///
    /// The first terminal element ends the result; the source's own error is forwarded too.
    @inlinable public func dematerialize() -> Observable<Element.Element> {
        UnaryObservable<DematerializeSink<Element>>(asObservable(), ())
    }
}

@usableFromInline final class MaterializeSink<Source>: ForwardingSink<Event<Source>>, UnaryOperatorSink, @unchecked Sendable {
    @inlinable init(downstream: Downstream<Event<Source>>, parameters: Void) {
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        forwardNext(event)
        if event.isStopEvent { forwardCompleted() }
    }
}

@usableFromInline final class DematerializeSink<Source: EventConvertible>: ForwardingSink<Source.Element>, UnaryOperatorSink, @unchecked Sendable {
    @inlinable init(downstream: Downstream<Source.Element>, parameters: Void) {
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        switch event {
        case .next(let element):
            forward(element.event)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
