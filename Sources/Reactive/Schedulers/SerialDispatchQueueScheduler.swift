import Dispatch
import Foundation

/// Runs work on a serial dispatch queue, so scheduled actions never overlap.
///
/// `observe(on:)` with this scheduler delivers events in order on that queue.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler's interval type (Foundation's, as in RxSwift).
    public typealias TimeInterval = Foundation.TimeInterval
    /// The scheduler's time type.
    public typealias Time = Date

    @usableFromInline let configuration: DispatchQueueConfiguration

    /// The current time.
    public var now: RxTime { Date() }

    /// Uses `serialQueue`, which must be serial.
    public init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// Creates a serial queue with the given name, configured by `serialQueueConfiguration`.
    public convenience init(internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Creates a serial queue that targets `queue`.
    public convenience init(queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// Creates a serial queue with the given quality of service.
    public convenience init(qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial", leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
    }

    /// Schedules `action` on the queue.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs one of `observe(on:)`'s drains on the queue (see `DispatchBatching`).
    @usableFromInline func dispatchDrain(_ drain: @escaping @Sendable () -> Void) {
        configuration.queue.async(execute: drain)
    }

    /// Never at once on a plain serial queue: every event is dispatched.
    @usableFromInline func beginImmediate() -> Bool { false }

    @usableFromInline func endImmediate() {}

    @usableFromInline var mayRunAtOnce: Bool { false }

    /// Schedules `action` on the queue after `dueTime`.
    public final func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Schedules `action` on the queue after `startAfter`, then every `period`.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
