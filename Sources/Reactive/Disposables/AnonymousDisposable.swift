/// Runs an action once, on the first `dispose()`.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var action: (() -> Void)?
    private var disposed = false
    private let resource = ResourceToken()

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool { lock.withLock { disposed } }

    func dispose() {
        let action: (() -> Void)? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { self.action = nil }
            return self.action
        }
        action?()
    }
}
