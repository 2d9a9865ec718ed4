/// An object that receives change callbacks for the registrations it made with
/// `addObserver(_:forKeyPath:options:context:)` (Foundation's `observeValue(forKeyPath:…)`).
///
/// The engine holds observers weakly: an observer that is released without removing itself is
/// never called again, and its registrations are dropped.
public protocol KeyValueObserving: AnyObject {
    /// A change of `keyPath` on `object`, for the registration made with `context`.
    func observeValue(forKeyPath keyPath: String, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?)
}
