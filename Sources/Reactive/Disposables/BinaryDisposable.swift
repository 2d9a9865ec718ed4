/// Disposes two disposables once.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var first: Disposable?
    private var second: Disposable?
    private var disposed = false
    private let resource = ResourceToken()

    init(_ first: Disposable, _ second: Disposable) {
        self.first = first
        self.second = second
    }

    var isDisposed: Bool { lock.withLock { disposed } }

    func dispose() {
        let taken: (Disposable?, Disposable?) = lock.withLock {
            if disposed { return (nil, nil) }
            disposed = true
            defer { first = nil; second = nil }
            return (first, second)
        }
        taken.0?.dispose()
        taken.1?.dispose()
    }
}
