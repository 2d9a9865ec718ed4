import Foundation

/// A scheduler whose clock only moves when told to: `start()` runs everything scheduled, in time
/// order, jumping the clock to each item's time; `advanceTo` runs up to a time.
///
/// Items due at the same time run in the order they were scheduled. The scheduler may be used from
/// any thread, but `start()` and `advanceTo` must not run on two threads at once.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    /// The virtual time type.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// The virtual time interval type.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let lock = Lock()
    private var running = false
    private var currentClock: VirtualTime
    private var queue: [VirtualSchedulerItem<VirtualTime>] = []
    private var nextID = 0
    private let converter: Converter

    /// The current virtual time, as real time.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// The current virtual time.
    public var clock: VirtualTime { lock.withLock { currentClock } }

    /// Creates a scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        currentClock = initialClock
        self.converter = converter
    }

    /// Schedules `action` at the current virtual time (after `adjustScheduledTime`).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` after `dueTime`, converted to virtual time.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let time = converter.convertToVirtualTime(now.adding(dueTime))
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
    }

    /// Schedules `action` after a virtual interval.
    public func scheduleRelativeVirtual<StateType>(_ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Schedules `action` at a virtual time.
    public func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        lock.withLock {
            let item = VirtualSchedulerItem(time: time, id: nextID) { action(state) }
            nextID += 1
            insert(item)
            return item
        }
    }

    /// Adjusts the time of work scheduled relative to now; the identity here.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs scheduled work in time order until none is left or `stop()` is called.
    public func start() {
        let alreadyRunning: Bool = lock.withLock {
            defer { running = true }
            return running
        }
        if alreadyRunning { return }
        while let item = next(upTo: nil) {
            item.invoke()
            if !lock.withLock({ running }) { break }
        }
        lock.withLock { running = false }
    }

    /// Stops `start()` after the current item.
    public func stop() {
        lock.withLock { running = false }
    }

    /// Runs the work scheduled up to `virtualTime`, then sets the clock to it.
    ///
    /// A time before the clock, or a call from work the scheduler is running, is a mistake: it
    /// is reported (`reportMisuse`) and the call does nothing.
    public func advanceTo(_ virtualTime: VirtualTime, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) {
        // Nil when it may run (and now runs); else what stops it: already running, or the clock.
        let refusal: (running: Bool, now: VirtualTime)? = lock.withLock {
            if running { return (true, currentClock) }
            if converter.compareVirtualTime(virtualTime, currentClock).lessThan { return (false, currentClock) }
            running = true
            return nil
        }
        if let refusal {
            let message = refusal.running
                ? "advanceTo(\(virtualTime)) was called while the scheduler runs (from work it runs): it does nothing"
                : "advanceTo(\(virtualTime)): the clock is already at \(refusal.now); virtual time does not go back"
            reportMisuse(message, file: file, fileID: fileID, line: line, column: column)
            return
        }
        while let item = next(upTo: virtualTime) {
            item.invoke()
            if !lock.withLock({ running }) { break }
        }
        lock.withLock {
            if converter.compareVirtualTime(virtualTime, currentClock).greaterThan { currentClock = virtualTime }
            running = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    ///
    /// A negative interval is a mistake: it is reported (`reportMisuse`) and the clock stays.
    public func sleep(_ virtualInterval: VirtualTimeInterval, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) {
        let moved: Bool = lock.withLock {
            let target = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
            if converter.compareVirtualTime(target, currentClock).lessThan { return false }
            currentClock = target
            return true
        }
        if !moved {
            reportMisuse("sleep(\(virtualInterval)): a negative interval; virtual time does not go back", file: file, fileID: fileID, line: line, column: column)
        }
    }

    /// Reports a mistake in driving the clock, made at `file` and `line`: to standard error
    /// through `Hooks`, and an assertion in debug builds. `TestScheduler` fails the current
    /// test instead.
    open func reportMisuse(_ message: String, file: StaticString, fileID: String, line: UInt, column: Int) {
        Hooks.reportMisuse("VirtualTimeScheduler.\(message) (\(fileID):\(line))")
    }

    /// Removes the next live item due at or before `limit`, moving the clock to its time.
    private func next(upTo limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.withLock {
            while let first = queue.first {
                if first.isDisposed {
                    removeFirst()
                    continue
                }
                if let limit, converter.compareVirtualTime(first.time, limit).greaterThan { return nil }
                removeFirst()
                if converter.compareVirtualTime(first.time, currentClock).greaterThan { currentClock = first.time }
                return first
            }
            return nil
        }
    }

    // A binary min-heap ordered by (time, id).
    private func precedes(_ a: VirtualSchedulerItem<VirtualTime>, _ b: VirtualSchedulerItem<VirtualTime>) -> Bool {
        switch converter.compareVirtualTime(a.time, b.time) {
        case .lessThan: return true
        case .greaterThan: return false
        case .equal: return a.id < b.id
        }
    }

    private func insert(_ item: VirtualSchedulerItem<VirtualTime>) {
        queue.append(item)
        var child = queue.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(queue[child], queue[parent]) else { break }
            queue.swapAt(child, parent)
            child = parent
        }
    }

    private func removeFirst() {
        queue.swapAt(0, queue.count - 1)
        queue.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < queue.count, precedes(queue[left], queue[smallest]) { smallest = left }
            if right < queue.count, precedes(queue[right], queue[smallest]) { smallest = right }
            if smallest == parent { return }
            queue.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// A scheduled virtual-time action; disposing it cancels the action and releases its captures.
extension VirtualTimeScheduler: CustomDebugStringConvertible {
    /// The clock and the work still scheduled, in the order it will run (for debugging).
    public var debugDescription: String {
        let (clock, items): (VirtualTime, [VirtualSchedulerItem<VirtualTime>]) = lock.withLock { (currentClock, queue) }
        let pending = items.filter { !$0.isDisposed }.sorted {
            let order = converter.compareVirtualTime($0.time, $1.time)
            return order.lessThan || (!order.greaterThan && $0.id < $1.id)
        }
        let lines = pending.map { "  \($0.time) (#\($0.id))" }
        return "VirtualTimeScheduler at \(clock), \(pending.count) scheduled" + (lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))
    }
}

final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
    let time: Time
    let id: Int
    private let lock = Lock()
    private var action: (() -> Disposable)?
    private let disposable = SingleAssignmentDisposable()

    init(time: Time, id: Int, action: @escaping () -> Disposable) {
        self.time = time
        self.id = id
        self.action = action
    }

    var isDisposed: Bool { disposable.isDisposed }

    func invoke() {
        guard let action = lock.take(&self.action), !disposable.isDisposed else { return }
        disposable.setDisposable(action())
    }

    func dispose() {
        let action = lock.take(&self.action)
        disposable.dispose()
        _ = action  // released here, outside the lock
    }
}
