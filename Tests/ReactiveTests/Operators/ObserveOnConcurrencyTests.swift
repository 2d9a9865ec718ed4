import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// `observe(on:)` onto schedulers that run work concurrently: one drain delivers the queued
/// events in order, one at a time, and never stops while events wait.
final class ObserveOnConcurrencyTests: ReactiveTestCase {
    func testObserveOnConcurrentDispatchScheduler_neverStalls() {
        assertDeliversEverythingInOrder(count: 20_000, rounds: 10) { $0.observe(on: ConcurrentDispatchQueueScheduler(qos: .default)) }
    }

    func testObserveOnOperationQueueRunningFourAtOnce_neverStalls() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        assertDeliversEverythingInOrder(count: 5_000, rounds: 5) { $0.observe(on: scheduler) }
    }
}
