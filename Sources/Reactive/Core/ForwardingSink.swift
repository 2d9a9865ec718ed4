/// A sink that delivers to one downstream observer: the base of most operators' sinks.
///
/// `forward` enforces the grammar for the operator: nothing after a terminal event or after
/// disposal, and a terminal event disposes the sink (and so its upstream subscription).
@usableFromInline class ForwardingSink<Element>: Sink, @unchecked Sendable {
    @usableFromInline final let downstream: Downstream<Element>

    @inlinable init(downstream: Downstream<Element>) {
        self.downstream = downstream
        super.init()
    }

    /// Forwards an element unless stopped.
    @inlinable final func forwardNext(_ element: Element) {
        if !isStopped { downstream.on(.next(element)) }
    }

    /// Forwards an event: elements unless stopped; the first terminal event, then disposes.
    @inlinable final func forward(_ event: Event<Element>) {
        if case .next = event {
            if !isStopped { downstream.on(event) }
        } else {
            forwardStop(event)
        }
    }

    /// `forward(_:)`'s terminal event (and `forwardError`'s, `forwardCompleted`'s), out of line
    /// so that the element paths they are inlined into stay as small as they were; delivered in
    /// place (see `forward(_:)` below), since a terminal event also runs down a deep chain.
    @usableFromInline @inline(never) final func forwardStop(_ event: Event<Element>) {
        if markStopped() {
            var stop = event
            downstream.forward(&stop)
            dispose()
        }
    }

    /// A terminal event after disposing (and so ending the upstream subscription): the order
    /// of the operators RxSwift builds on its merging sink, which disposes the source before
    /// forwarding its completion (`ignoreElements`).
    @usableFromInline @inline(never) final func disposeThenForward(_ event: Event<Element>) {
        if markStopped() {
            dispose()
            var stop = event
            downstream.forward(&stop)
        }
    }

    /// `forward(_:)` for an event the caller holds in place (its `on(_:)`'s `inout` argument):
    /// no copy, and in code that runs unspecialised no pointer made for it, which cost four
    /// stack frames a delivery (see `Downstream.forward(_:)`).
    @inlinable final func forward(_ event: inout Event<Element>) {
        if case .next = event {
            if !isStopped { downstream.forward(&event) }
        } else if markStopped() {
            downstream.forward(&event)
            dispose()
        }
    }

    /// Forwards an error (the first terminal event only), then disposes.
    @inlinable final func forwardError(_ error: Swift.Error) {
        forwardStop(.error(error))
    }

    /// Forwards completion (the first terminal event only), then disposes.
    @inlinable final func forwardCompleted() {
        forwardStop(.completed)
    }

    /// The `on(_:)` of a sink that maps each element: sends what `transform` returns for it,
    /// nothing when that is nil (a filter said no); an error it throws is sent in place of the
    /// element and ends the subscription; terminal events pass through. The one body of the
    /// sinks of `compactMap` and of two map-and-filter pairs (inlined into each, with
    /// `transform` their closures).
    @inlinable @inline(__always) final func forwardTransformed<Source>(_ event: inout Event<Source>, _ transform: (Source) throws -> Element?) {
        forwardEach(&event) { element in
            let result: Element
            do {
                guard let transformed = try transform(element) else { return }
                result = transformed
            } catch {
                forwardError(error)
                return
            }
            downstream.on(.next(result))
        }
    }

    /// As `forwardTransformed`, for a transform whose result is sent unless `predicate` (a
    /// filter joined to a map) says no: the body of `map`'s sink. Not written with an optional
    /// result: compiled unspecialised (a `Driver`'s map), one looks up `Optional<Element>`'s
    /// metadata at every element.
    @inlinable @inline(__always) final func forwardMapped<Source>(_ event: inout Event<Source>, _ transform: (Source) throws -> Element, keepingIf predicate: ((Element) throws -> Bool)?) {
        forwardEach(&event) { element in
            let result: Element
            do {
                result = try transform(element)
                // Called through its optional, which makes no copy of the closure (binding it
                // with `if let` retained and released its context an element).
                guard try predicate?(result) != false else { return }
            } catch {
                forwardError(error)
                return
            }
            downstream.on(.next(result))
        }
    }

    /// Hands each element to `next` while the sink runs; terminal events pass through.
    @inlinable @inline(__always) final func forwardEach<Source>(_ event: inout Event<Source>, _ next: (Source) -> Void) {
        switch event {
        case .next(let element):
            if !isStopped { next(element) }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
