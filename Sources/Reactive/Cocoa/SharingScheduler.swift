import Synchronization

/// The scheduler `Driver` and `Signal` deliver on: a `MainScheduler` unless a test swaps it
/// (RxCocoa's `SharingScheduler`).
public enum SharingScheduler {
    private static let factory = Mutex<@Sendable () -> SchedulerType>({ MainScheduler() })

    /// Makes the scheduler a shared sequence made now delivers on.
    public static var make: @Sendable () -> SchedulerType { factory.withLock { $0 } }

    /// Runs `action` with shared sequences delivering on `scheduler` (for tests, e.g. a
    /// `TestScheduler`), then restores the previous scheduler.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        let shared = UncheckedSendable(scheduler)
        try mock(makeScheduler: { shared.value }, action: action)
    }

    /// Runs `action` with shared sequences delivering on what `makeScheduler` makes, then
    /// restores the previous scheduler.
    public static func mock(makeScheduler: @escaping @Sendable () -> SchedulerType, action: () throws -> Void) rethrows {
        let original = factory.withLock { current in
            defer { current = makeScheduler }
            return current
        }
        defer { factory.withLock { $0 = original } }
        try action()
    }
}
