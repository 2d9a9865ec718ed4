import Synchronization

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
    private let disposed: Atomic<Bool>
    private let resource = ResourceToken()

    /// Creates a disposable, already disposed if `isDisposed` is true.
    public init(isDisposed: Bool = false) {
        disposed = Atomic(isDisposed)
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks the disposable disposed.
    public func dispose() { disposed.store(true, ordering: .releasing) }
}
