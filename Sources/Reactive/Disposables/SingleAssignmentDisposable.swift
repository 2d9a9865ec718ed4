import Synchronization

/// Holds a disposable that is assigned exactly once, possibly after `dispose()` was called.
///
/// Assigning after disposal disposes the assigned disposable at once. Assigning twice is a
/// programmer error and traps.
public class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    // Not `final` so that the library's schedulers can make one object of a scheduled action
    // and its handle (`ScheduledWork`); not `open`, so no other module can subclass it.
    private static let disposedBit = 1
    private static let assignedBit = 2

    private let state = Atomic<Int>(0)
    // Written once before `assignedBit` is published; read only after observing it, by the one
    // disposer that sees it set (or cleared by the assigner that saw `disposedBit` first, when
    // no disposer read it). Unchecked exclusivity: that protocol orders every access, and a
    // dynamic check (a thread-local lookup on each access) cost about 60 instructions each.
    @exclusivity(unchecked) private var current: Disposable?
    private let resource = ResourceToken()

    /// Creates an unassigned disposable.
    public init() {}

    /// Whether it has been disposed.
    public final var isDisposed: Bool { state.load(ordering: .acquiring) & Self.disposedBit != 0 }

    /// Assigns the disposable; disposes it at once if `dispose()` was already called.
    public final func setDisposable(_ disposable: Disposable) {
        current = disposable
        let old = state.bitwiseOr(Self.assignedBit, ordering: .acquiringAndReleasing).oldValue
        precondition(old & Self.assignedBit == 0, "SingleAssignmentDisposable.setDisposable called twice")
        if old & Self.disposedBit != 0 {
            current = nil
            disposable.dispose()
        }
    }

    /// Disposes the assigned disposable, now or when it is assigned.
    public final func dispose() {
        let old = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        guard old & Self.disposedBit == 0, old & Self.assignedBit != 0, let disposable = current else { return }
        current = nil
        disposable.dispose()
    }
}
