/// A group of disposables disposed together; items can be added and removed until then.
///
/// Adding to a disposed group disposes the item at once. Disposal happens outside the lock.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    /// Identifies an item added to a `CompositeDisposable`, for `remove(for:)`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: Int
    }

    private let lock = Lock()
    private var items: [(key: Int, disposable: Disposable)] = []
    private var nextKey = 0
    private var disposed = false
    private let resource = ResourceToken()

    /// Creates an empty group.
    public init() {}

    /// Creates a group of two disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        items = [(0, disposable1), (1, disposable2)]
        nextKey = 2
    }

    /// Creates a group of three disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        items = [(0, disposable1), (1, disposable2), (2, disposable3)]
        nextKey = 3
    }

    /// Creates a group of four or more disposables.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposable4: Disposable, _ disposables: Disposable...) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// Creates a group of the given disposables.
    public init(disposables: [Disposable]) {
        items = disposables.enumerated().map { ($0.offset, $0.element) }
        nextKey = disposables.count
    }

    /// Whether the group has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The number of disposables in the group.
    public var count: Int { lock.withLock { items.count } }

    /// Adds a disposable; returns its key, or `nil` (having disposed it) if the group is disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: Int? = lock.withLock {
            if disposed { return nil }
            defer { nextKey += 1 }
            items.append((nextKey, disposable))
            return nextKey
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes and disposes the disposable added under `disposeKey`, if it is still there.
    public func remove(for disposeKey: DisposeKey) {
        let removed: Disposable? = lock.withLock {
            guard let index = items.firstIndex(where: { $0.key == disposeKey.value }) else { return nil }
            return items.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Disposes every disposable in the group, in insertion order, once.
    public func dispose() {
        let taken: [(key: Int, disposable: Disposable)] = lock.withLock {
            if disposed { return [] }
            disposed = true
            defer { items = [] }
            return items
        }
        for item in taken { item.disposable.dispose() }
    }
}
