import Foundation

/// Runs work as operations on an `OperationQueue`.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The scheduler's interval type (Foundation's, as in RxSwift).
    public typealias TimeInterval = Foundation.TimeInterval
    /// The scheduler's time type.
    public typealias Time = Date

    /// The queue operations are added to.
    public let operationQueue: OperationQueue
    /// The priority of the operations.
    public let queuePriority: Operation.QueuePriority

    /// Uses `operationQueue`, adding operations with `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action` unless cancelled first.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = ScheduledWork(bind(state, to: action))
        let operation = BlockOperation { work.run() }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return work
    }
}
