extension ObservableType {
    /// Sends `elements` first, then the source's events.
    ///
    /// `--1--2--|` → `startWith(0)` → `0-1--2--|`
    ///
    /// The elements are sent synchronously at subscription, before the source is subscribed.
    @inlinable public func startWith(_ elements: Element...) -> Observable<Element> {
        UnaryObservable<StartWithSink<Element>>(asObservable(), elements)
    }
}

@usableFromInline final class StartWithSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    /// Emptied once sent: the subscription does not keep them (nor does RxSwift's).
    @exclusivity(unchecked) @usableFromInline var elements: [Element]

    @inlinable init(downstream: Downstream<Element>, parameters elements: [Element]) {
        self.elements = elements
        super.init(downstream: downstream)
    }

    /// Sends the elements, then hands the downstream itself to the source, as RxSwift's
    /// `startWith` hands its observer: the source's events reach the downstream with no hop
    /// through this sink (a chain of `startWith`s costs no stack per link), and the sink only
    /// keeps the source's subscription.
    @inlinable func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        let elements = self.elements
        self.elements = []
        for element in elements {
            if isStopped { break }
            forwardNext(element)
        }
        setUpstream(isStopped ? .none : source.subscribe(downstream))
    }

    /// Not called: the source delivers to the downstream itself (see `run`).
    @inlinable func on(_ event: inout Event<Element>) {
        downstream.forward(&event)
    }
}
