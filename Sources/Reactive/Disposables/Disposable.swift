/// A resource that can be released, such as a subscription.
///
/// Every disposable in this library is idempotent and thread-safe: a second `dispose()` does
/// nothing, and `dispose()` may race with anything else the object does.
public protocol Disposable: Sendable {
    /// Releases the resource.
    ///
    /// For a subscription: it never waits for another thread. Once it returns, no event sent
    /// afterwards reaches the observer; a delivery another thread had already started may
    /// still enter the observer's closure (at most one: deliveries never overlap). Called from
    /// inside the observer's closure, nothing more is delivered after that closure returns.
    func dispose()
}
