/// A base class for disposables that take part in the resource count (RxSwift's `DisposeBase`).
///
/// In debug builds each live instance counts in `Resources.total`, so a test can see that a
/// custom disposable was released. Subclass it; it adds no behaviour of its own.
open class DisposeBase: @unchecked Sendable {
    private let resource = ResourceToken()

    /// Counts the new instance (debug builds).
    public init() {}
}
