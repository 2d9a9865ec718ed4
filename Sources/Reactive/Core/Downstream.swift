/// The internal observer an operator delivers to: a target object and a non-capturing handler.
///
/// Handlers take the event `inout`, which is passed by address whatever the element type, so a
/// handler created in specialised code needs no reabstraction thunk to be stored generically,
/// and making one allocates nothing beyond the sink it points at. A sink's `on(_:)` is
/// `@inline(__always)` so that the handler closure is the sink's body: one indirect call per hop.
@usableFromInline package struct Downstream<Element> {
    @usableFromInline package let target: AnyObject
    @usableFromInline package let handler: (AnyObject, inout Event<Element>) -> Void

    @inlinable @inline(__always) package init(_ target: AnyObject, _ handler: @escaping (AnyObject, inout Event<Element>) -> Void) {
        self.target = target
        self.handler = handler
    }

    /// Delivers an event the caller still owns.
    @inlinable package func on(_ event: Event<Element>) {
        var event = event
        handler(target, &event)
    }

    /// Delivers an event in place, without copying it.
    @inlinable package func forward(_ event: inout Event<Element>) {
        handler(target, &event)
    }
}
