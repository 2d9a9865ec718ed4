/// A resource that can be released, such as a subscription.
///
/// Every disposable in this library is idempotent and thread-safe: a second `dispose()` does
/// nothing, and `dispose()` may race with anything else the object does.
public protocol Disposable: Sendable {
    /// Releases the resource.
    ///
    /// For a subscription: it never waits for an observer on another thread. Once it returns, no
    /// event sent afterwards reaches the observer; a delivery another thread had already started
    /// may still enter the observer's closure (at most one: deliveries never overlap). Called
    /// from inside the observer's closure, nothing more is delivered after that closure returns.
    /// No source subscription starts after it returns: where another thread is subscribing the
    /// next source of a `retry`, `retry(when:)`, `catch`, `concat` or `delaySubscription`, it
    /// waits for that source's `subscribe` to reach its first event or return.
    func dispose()
}
