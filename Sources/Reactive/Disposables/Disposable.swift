/// A resource that can be released, such as a subscription.
///
/// Every disposable in this library is idempotent and thread-safe: a second `dispose()` does
/// nothing, and `dispose()` may race with anything else the object does.
public protocol Disposable {
    /// Releases the resource.
    func dispose()
}
