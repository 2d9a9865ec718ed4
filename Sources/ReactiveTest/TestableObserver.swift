import Reactive

/// An observer that records every event with the virtual time it arrived.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    private let scheduler: TestScheduler
    private let lock = Lock()
    private var recorded: [Recorded<Event<Element>>] = []
    /// What the scheduler's log calls it.
    public let name: String

    init(scheduler: TestScheduler, name: String) {
        self.scheduler = scheduler
        self.name = name
    }

    /// The events received so far, with their times.
    public var events: [Recorded<Event<Element>>] { lock.withLock { recorded } }

    /// Records `event` at the scheduler's current time.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        lock.withLock { recorded.append(Recorded(time: time, value: event)) }
        scheduler.record(.received(TestLogEntry.describe(event)), name: name)
    }
}
