/// Holds one disposable at a time; replacing it disposes the previous one.
///
/// Once disposed, any disposable assigned is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`. Unchecked exclusivity: the lock orders every access, and a dynamic check
    // (a thread-local lookup on each access) cost about 60 instructions each.
    @exclusivity(unchecked) private var current: Disposable?
    @exclusivity(unchecked) private var disposed = false
    private let resource = ResourceToken()

    /// Creates an empty serial disposable.
    public init() {}

    /// Whether it has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current disposable; setting it disposes the previous one (outside the lock).
    public var disposable: Disposable {
        get { lock.withLock { current ?? NopDisposable() } }
        set {
            let (previous, disposeNew): (Disposable?, Bool) = lock.withLock {
                if disposed { return (nil, true) }
                defer { current = newValue }
                return (current, false)
            }
            previous?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    /// Holds `newValue` and returns the previous disposable, not disposed: for a caller that
    /// disposes it later (after subscribing what replaces it). Disposed already, it disposes
    /// `newValue` and returns nil.
    func exchange(_ newValue: Disposable) -> Disposable? {
        let (previous, disposeNew): (Disposable?, Bool) = lock.withLock {
            if disposed { return (nil, true) }
            defer { current = newValue }
            return (current, false)
        }
        if disposeNew { newValue.dispose() }
        return previous
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let taken: Disposable? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        taken?.dispose()
    }
}
