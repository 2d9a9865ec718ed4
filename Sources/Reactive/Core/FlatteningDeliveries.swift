/// What the subscriptions of a flattening operator (`flatMap` and its kin, `flatMapLatest`) need
/// of the code specialised where its observable was made, so that they can run in the library's
/// own, unspecialised code: the sinks' types (their metadata is read from a cache there, and
/// would be looked up at every subscription here) and their handlers of events (a closure made
/// here would capture the element types' metadata in a context allocated each time).
///
/// Made by the observable's `run`, in the caller's module, and passed to its `startSubscription`.
@usableFromInline struct FlatteningDeliveries<OperatorSink: AnyObject, SourceElement, InnerSink: AnyObject, Element> {
    @usableFromInline let sink: OperatorSink.Type
    /// The handler of the source's events (the sink's `on(_:)`).
    @usableFromInline let delivery: (AnyObject, inout Event<SourceElement>) -> Void
    /// How the sink subscribes inner observables.
    @usableFromInline let inner: InnerDeliveries<InnerSink, Element>

    @inlinable init(sink: OperatorSink.Type, delivery: @escaping (AnyObject, inout Event<SourceElement>) -> Void, inner: InnerDeliveries<InnerSink, Element>) {
        self.sink = sink
        self.delivery = delivery
        self.inner = inner
    }
}

/// How a flattening operator's sink subscribes an inner observable from unspecialised code:
/// in its own inline slot, with `inline` as the handler, or with an inner sink of type `sink`,
/// with `delivery` (see `FlatteningDeliveries`).
@usableFromInline struct InnerDeliveries<InnerSink: AnyObject, Element> {
    @usableFromInline let sink: InnerSink.Type
    /// The handler of an inner observable's events in the operator's sink's inline slot.
    @usableFromInline let inline: (AnyObject, inout Event<Element>) -> Void
    /// The handler of an inner observable's events in an inner sink.
    @usableFromInline let delivery: (AnyObject, inout Event<Element>) -> Void

    @inlinable init(sink: InnerSink.Type, inline: @escaping (AnyObject, inout Event<Element>) -> Void, delivery: @escaping (AnyObject, inout Event<Element>) -> Void) {
        self.sink = sink
        self.inline = inline
        self.delivery = delivery
    }
}
