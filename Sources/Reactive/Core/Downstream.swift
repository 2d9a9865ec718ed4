/// The internal observer an operator delivers to: a target object and a non-capturing handler.
///
/// Handlers take the event `inout`, which is passed by address whatever the element type, so a
/// handler created in specialised code needs no reabstraction thunk to be stored generically,
/// and making one allocates nothing beyond the sink it points at. A sink's `on(_:)` is
/// `@inline(__always)` so that the handler closure is the sink's body: one indirect call per hop.
///
/// Handlers only read the event they are given, never write to it: so `on(_:)` can hand over the
/// caller's own storage (nothing copied, nothing to destroy afterwards, which an `inout` copy
/// needs since the compiler cannot know the handler left it alone), and one event can go to
/// several handlers in turn. Debug builds check it after every call (`checkUnchanged`).
@usableFromInline package struct Downstream<Element> {
    @usableFromInline package let target: AnyObject
    @usableFromInline package let handler: (AnyObject, inout Event<Element>) -> Void

    @inlinable @inline(__always) package init(_ target: AnyObject, _ handler: @escaping (AnyObject, inout Event<Element>) -> Void) {
        self.target = target
        self.handler = handler
    }

    /// Delivers an event the caller still owns, in the caller's storage.
    @inlinable @inline(__always) package func on(_ event: Event<Element>) {
        withUnsafePointer(to: event) { on(at: $0) }
    }

    /// Delivers the event at `event`, which the caller owns and keeps: one event for several
    /// handlers in turn, stored once.
    @inlinable @inline(__always) package func on(at event: UnsafePointer<Event<Element>>) {
        #if DEBUG
        let before = eventBytes(event)
        #endif
        // Sound because handlers never write to the event (see above): the `inout` access
        // through this pointer to storage the caller keeps immutable only reads. The call is
        // synchronous and a handler cannot keep an `inout` argument's address, so nothing uses
        // the pointer after the caller's storage is gone.
        handler(target, &UnsafeMutablePointer(mutating: event).pointee)
        #if DEBUG
        checkUnchanged(before, event)
        #endif
    }

    /// Delivers an event in place, without copying it.
    ///
    /// Release builds call the handler directly: through `withUnsafePointer`, code that runs
    /// unspecialised (an operator made in this module for the user's element type) spent four
    /// stack frames a delivery on the pointer's closure, which a deep chain pays at every link.
    @inlinable @inline(__always) package func forward(_ event: inout Event<Element>) {
        #if DEBUG
        withUnsafePointer(to: &event) { on(at: $0) }
        #else
        handler(target, &event)
        #endif
    }
}

#if DEBUG
/// The bytes of the event at `pointer`.
@usableFromInline func eventBytes<Element>(_ pointer: UnsafePointer<Event<Element>>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: pointer, count: MemoryLayout<Event<Element>>.size))
}

/// Stops when a handler wrote to the event it was given (see `Downstream`).
@usableFromInline func checkUnchanged<Element>(_ before: [UInt8], _ pointer: UnsafePointer<Event<Element>>) {
    precondition(eventBytes(pointer) == before, "Internal inconsistency: a handler wrote to the event it was given")
}
#endif
