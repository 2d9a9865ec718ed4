/// A user's closure that a sink calls on every element and releases when its subscription ends,
/// called without copying it.
///
/// Why: a value read from a class's `var` for a call is copied first (a closure's context, or
/// an observer, retained before the call and released after: about 40 instructions of each
/// event a subscriber receives), as the call could otherwise reassign the property and free
/// what it runs on. A noncopyable value is borrowed instead, so the call uses the stored one.
///
/// Sound only for a property nothing writes to while a call runs: a `Sink`'s user closures and
/// observer, read between `beginDelivery` and `endDelivery` and released only by
/// `releaseUserResources`, which a disposal during a delivery defers to that delivery's end (so
/// a closure that disposes its own subscription keeps running on a live context).
/// `SubscribeTests` checks that such a closure's and observer's captures stay alive until the
/// call returns (and crashes under ASan if they do not): in optimised builds, which CI runs
/// under ASan, as a debug build copies the value anyway.
///
/// A type of its own for closures, not `HeldObserver` of a function: a function stored as a
/// generic value is kept at its most general calling convention, so storing the user's closure
/// would wrap it in a thunk, an allocation per subscription.
@usableFromInline struct HeldClosure<Argument>: ~Copyable {
    @usableFromInline let body: (Argument) -> Void

    @inlinable init(_ body: @escaping (Argument) -> Void) {
        self.body = body
    }

    /// Calls the closure. A method of the borrowed value: calling a stored property of a
    /// borrowed value at the call site was found to copy it in some callers (an observer).
    @inlinable @inline(__always) func call(_ argument: Argument) {
        body(argument)
    }
}

/// A user's observer that a sink delivers to and releases when its subscription ends, called
/// without copying it; see `HeldClosure`.
@usableFromInline struct HeldObserver<Observer: ObserverType>: ~Copyable {
    @usableFromInline let observer: Observer

    @inlinable init(_ observer: Observer) {
        self.observer = observer
    }

    /// Delivers to the observer (a method, as `HeldClosure.call`).
    @inlinable @inline(__always) func on(_ event: Event<Observer.Element>) {
        observer.on(event)
    }
}
