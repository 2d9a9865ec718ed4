extension ObservableType {
    /// Sends `default` if the source completes without an element.
    ///
    /// `-----|` → `ifEmpty(default: 0)` → `-----(0|)`; `--1--|` → `--1--|`
    @inlinable public func ifEmpty(default: Element) -> Observable<Element> {
        UnaryObservable<IfEmptySink<Element>>(asObservable(), Observable.just(`default`))
    }

    /// Continues with `other` if the source completes without an element.
    ///
    /// `-----|` with other `---7|` → `ifEmpty(switchTo: other.asObservable())` → `--------7|`
    ///
    /// `other` is subscribed only when the source completes empty; the source's subscription is
    /// released first.
    @inlinable public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        UnaryObservable<IfEmptySink<Element>>(asObservable(), other)
    }
}

@usableFromInline final class IfEmptySink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let other: Observable<Element>
    @usableFromInline var isEmpty = true
    @usableFromInline let switched = SerialDisposable()

    @inlinable init(downstream: Downstream<Element>, parameters other: Observable<Element>) {
        self.other = other
        super.init(downstream: downstream)
    }

    @inlinable func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        // The source's subscription is held in the serial slot before subscribing: a source that
        // completes empty inside `subscribe` puts `other`'s subscription there, which the
        // source's late-arriving subscription must not replace (and so dispose).
        let sourceSubscription = SingleAssignmentDisposable()
        switched.disposable = sourceSubscription
        setUpstream(.object(switched))
        sourceSubscription.setDisposable(source.subscribe(sourceObserver))
    }

    @inlinable func on(_ event: inout Event<Element>) {
        switch event {
        case .next:
            isEmpty = false
            if !isStopped { downstream.forward(&event) }
        case .error(let error):
            forwardError(error)
        case .completed:
            if !isEmpty || isStopped {
                forwardCompleted()
                return
            }
            // Only the source's subscription is replaced: `switched` stays the upstream.
            let relay = Downstream<Element>(self) { sink, event in
                unsafeDowncast(sink, to: IfEmptySink<Element>.self).forward(event)
            }
            switched.disposable = other.subscribe(relay)
        }
    }
}
