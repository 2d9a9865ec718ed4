/// A user's closure that a sink calls on every element and releases when its subscription ends,
/// called without copying it.
///
/// Why: a closure read from a class's `var` is copied before the call (its context retained
/// before and released after, about 40 instructions of each event a subscriber receives), as
/// the call could otherwise reassign the property and free the context while running. A
/// noncopyable value is borrowed instead, so the call runs on the stored context as it is.
///
/// Sound only for a property nothing writes to while a call runs: a `Sink`'s user closures,
/// read between `beginDelivery` and `endDelivery` and released only by `releaseUserResources`,
/// which a disposal during a delivery defers to that delivery's end (so a closure that disposes
/// its own subscription keeps running on a live context). `SubscribeTests` checks that such a
/// closure's captures stay alive until it returns (and crashes under ASan if they do not).
@usableFromInline struct HeldClosure<Argument>: ~Copyable {
    @usableFromInline let body: (Argument) -> Void

    @inlinable init(_ body: @escaping (Argument) -> Void) {
        self.body = body
    }
}
