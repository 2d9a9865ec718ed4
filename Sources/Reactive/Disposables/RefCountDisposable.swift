/// Disposes its underlying disposable once the primary and every retained reference are disposed.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var underlying: Disposable?
    private var count = 0
    private var primaryDisposed = false
    private let resource = ResourceToken()

    /// Creates a reference-counted wrapper of `disposable`.
    public init(disposable: Disposable) {
        underlying = disposable
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool { lock.withLock { underlying == nil } }

    /// Returns a reference that keeps the underlying disposable alive until it is disposed.
    /// After the underlying disposable is gone, returns a disposable that does nothing.
    public func retain() -> Disposable {
        let live: Bool = lock.withLock {
            guard underlying != nil else { return false }
            count += 1
            return true
        }
        return live ? RefCountInnerDisposable(parent: self) : NopDisposable()
    }

    /// Disposes the primary reference; the underlying goes once no reference is left.
    public func dispose() {
        let taken: Disposable? = lock.withLock {
            guard underlying != nil, !primaryDisposed else { return nil }
            primaryDisposed = true
            guard count == 0 else { return nil }
            defer { underlying = nil }
            return underlying
        }
        taken?.dispose()
    }

    fileprivate func release() {
        let taken: Disposable? = lock.withLock {
            guard underlying != nil else { return nil }
            precondition(count > 0, "Internal inconsistency: RefCountDisposable released more than retained")
            count -= 1
            guard count == 0, primaryDisposed else { return nil }
            defer { underlying = nil }
            return underlying
        }
        taken?.dispose()
    }
}

private final class RefCountInnerDisposable: Disposable, @unchecked Sendable {
    private let parent: RefCountDisposable
    private let disposed = Lock()
    private var isDisposed = false

    init(parent: RefCountDisposable) { self.parent = parent }

    func dispose() {
        let first: Bool = disposed.withLock {
            defer { isDisposed = true }
            return !isDisposed
        }
        if first { parent.release() }
    }
}
