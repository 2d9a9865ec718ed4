/// Owns subscriptions and disposes them all when the bag is deallocated.
///
/// Keep one in the object whose lifetime bounds the subscriptions. Inserting into a bag that is
/// being torn down is not possible; to end everything early, replace the bag with a new one.
/// Entries that are already disposed (finished subscriptions) are pruned as the bag grows, so a
/// long-lived bag holds only live subscriptions.
public final class DisposeBag: @unchecked Sendable {
    private let lock = Lock()
    private var disposables: [Disposable] = []
    private var pruneThreshold = 16
    private let resource = ResourceToken()

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        self.disposables = disposables
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        self.disposables = disposables
    }

    /// Creates a bag holding the disposables built by `disposables`.
    public convenience init(@DisposableBuilder builder disposables: () -> [Disposable]) {
        self.init(disposing: disposables())
    }

    /// Adds a disposable, disposed when the bag is deallocated.
    public func insert(_ disposable: Disposable) {
        lock.withLock {
            disposables.append(disposable)
            if disposables.count >= pruneThreshold {
                disposables.removeAll { ($0 as? Cancelable)?.isDisposed == true }
                pruneThreshold = max(16, disposables.count * 2)
            }
        }
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds the disposables of an array; each is disposed when the bag is released.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds the disposables a builder lists, one per line:
    /// `bag.insert { a.subscribe(); b.subscribe() }`.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// The number of entries currently held (after pruning), for diagnostics.
    public var count: Int { lock.withLock { disposables.count } }

    deinit {
        for disposable in disposables { disposable.dispose() }
    }

    /// Builds an array of disposables with `DisposeBag(builder:)` or `insert { … }`.
    @resultBuilder
    public struct DisposableBuilder {
        /// The disposables listed, one per line.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, so it is disposed when the bag is deallocated.
    ///
    /// Debug builds add `file` and `line` (the call's) to the subscription's record in
    /// `Resources.liveSubscriptions`.
    public func disposed(by bag: DisposeBag, file: StaticString = #fileID, line: UInt = #line) {
        recordBagging(self, file: file, line: line)
        bag.insert(self)
    }
}
