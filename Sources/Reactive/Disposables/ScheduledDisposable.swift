import Synchronization

/// Disposes a disposable on a given scheduler.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    /// The scheduler disposal runs on.
    public let scheduler: ImmediateSchedulerType
    private let disposed = Atomic<Bool>(false)
    // Guarded by `lock`. Unchecked exclusivity: the lock orders every access, and a dynamic check
    // (a thread-local lookup on each access) cost about 60 instructions each.
    @exclusivity(unchecked) private var disposable: Disposable?
    private let lock = Lock()
    private let resource = ResourceToken()

    /// Creates a disposable that, when disposed, disposes `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Schedules disposal of the wrapped disposable, once.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = scheduler.schedule(self) { this in
            this.lock.take(&this.disposable)?.dispose()
            return Disposables.create()
        }
    }
}
