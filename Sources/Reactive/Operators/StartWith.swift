extension ObservableType {
    /// Sends `elements` first, then the source's events.
    ///
    /// `--1--2--|` → `startWith(0)` → `0--1--2--|`
    ///
    /// The elements are sent synchronously at subscription, before the source is subscribed.
    @inlinable public func startWith(_ elements: Element...) -> Observable<Element> {
        UnaryObservable<StartWithSink<Element>>(asObservable(), elements)
    }
}

@usableFromInline final class StartWithSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, FinalObserverSink, @unchecked Sendable {
    @usableFromInline let elements: [Element]

    @inlinable init(downstream: Downstream<Element>, parameters elements: [Element]) {
        self.elements = elements
        super.init(downstream: downstream)
    }

    @inlinable func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        for element in elements {
            if isStopped { break }
            forwardNext(element)
        }
        setUpstream(isStopped ? .none : source.subscribe(sourceObserver))
    }

    /// RxSwift's `startWith` has no sink: it hands its observer to the source.
    @usableFromInline var isFinalObserver: Bool { downstream.isFinalObserver }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        if case .next = event {
            if !isStopped { downstream.forward(&event) }
        } else {
            forward(event)
        }
    }
}
