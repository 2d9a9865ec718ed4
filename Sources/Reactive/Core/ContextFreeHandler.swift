/// A `Downstream`'s handler whose closure has no context, kept as its code address alone: a
/// copy of it is a plain word, with no reference to count.
///
/// Why: a subject hands each event to its lone subscriber after unlocking, so it copies the
/// subscriber under the lock, and a `Downstream` copy retains the handler's context as well as
/// its target, and releases both afterwards, even when the context is nil (about 23
/// instructions of an event's 200 for the two calls into the runtime). Handlers made in
/// specialised code capture nothing, not even generic metadata: their context is nil, and
/// this copy of them retains only the target.
///
/// Sound because a Swift function value is two words, its code address and its context (the
/// only part with an owner: a reference-counted object, or nil when there is nothing to keep),
/// and a function with no context is fully described by its address, which stays valid for
/// the life of the process. `ContextFreeHandlerTests` checks that a handler that captures
/// nothing is recognised, that one that captures is not, and that events delivered through the
/// address arrive, in debug and optimised builds.
@usableFromInline package struct ContextFreeHandler<Element> {
    @usableFromInline let function: UnsafeRawPointer

    /// `handler`'s address, or nil when its closure has a context (which this does not keep).
    @inlinable package init?(_ handler: @escaping (AnyObject, inout Event<Element>) -> Void) {
        // Through a struct, whose bits `unsafeBitCast` leaves alone: a function value itself
        // would be re-abstracted (see `ErasedSourceHandler`).
        let words = unsafeBitCast(StoredHandler(handler), to: (function: UnsafeRawPointer, context: UnsafeRawPointer?).self)
        guard words.context == nil else { return nil }
        function = words.function
    }

    /// Delivers an event the caller still owns to `target` through the handler, as
    /// `Downstream.on(_:)` does.
    ///
    /// `target` must be a strong reference of the caller's own (a subject copies it under its
    /// lock): a disposal racing this delivery on another thread then releases the subscriber's
    /// `Downstream`, never the object this call uses, and the rebuilt function points at code,
    /// which lives as long as the process. `SubjectObserversTests`' stress test disposes each
    /// lone subscriber while it receives, under ASan and TSan in CI.
    @inlinable @inline(__always) package func on(_ event: Event<Element>, to target: AnyObject) {
        // The context is a nil literal: copying the rebuilt function retains nothing.
        let handler = unsafeBitCast((function, UnsafeRawPointer?.none), to: StoredHandler<Element>.self).handler
        Downstream(target, handler).on(event)
    }
}

/// A handler in a struct, laid out as `Downstream` stores its own (a field of a generic struct),
/// for `ContextFreeHandler` to read and rebuild it bit for bit.
@usableFromInline struct StoredHandler<Element> {
    @usableFromInline let handler: (AnyObject, inout Event<Element>) -> Void

    @inlinable init(_ handler: @escaping (AnyObject, inout Event<Element>) -> Void) {
        self.handler = handler
    }
}
