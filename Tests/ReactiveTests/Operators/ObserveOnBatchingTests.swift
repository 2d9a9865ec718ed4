import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// `observe(on:)` onto a dispatch queue hands over events in batches: the events that arrive
/// while a delivery is pending go in it, delivered in order, one at a time, on the queue.
final class ObserveOnBatchingTests: ReactiveTestCase {
    func testSerialQueue_eventsArrivingWhileABatchIsPending_areDeliveredInIt_aheadOfLaterWork() {
        let queue = DispatchQueue(label: "batching")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let log = Collector<String>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { log.append("\($0)") })
        onQueue(queue) {
            // Sent from the queue itself: nothing can be delivered before this block returns.
            subject.onNext(1)
            queue.async { log.append("other work") }
            subject.onNext(2)
        }
        flush(queue)
        // RxSwift dispatches each event on its own: 1, other work, 2.
        XCTAssertEqual(log.values, ["1", "2", "other work"])
        subscription.dispose()
    }

    func testSerialQueue_batchEndingWithAnError_deliversTheElementsFirst_thenNothing() {
        let queue = DispatchQueue(label: "batching")
        let subject = PublishSubject<Int>()
        let events = Collector<Event<Int>>()
        let subscription = subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe { events.append($0) }
        onQueue(queue) {
            subject.onNext(1)
            subject.onNext(2)
            subject.onError(TestError.first)
        }
        flush(queue)
        XCTAssertEqual(events.values, [.next(1), .next(2), .error(TestError.first)])
        subscription.dispose()
    }

    func testSerialQueue_disposedOnTheQueueInTheMiddleOfABatch_deliversNothingMore() {
        let queue = DispatchQueue(label: "batching")
        let subject = PublishSubject<Int>()
        let received = Collector<Int>()
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe(onNext: { value in
            received.append(value)
            if value == 2 { subscription.dispose() }
        }))
        onQueue(queue) {
            for value in 1...5 { subject.onNext(value) }
        }
        flush(queue)
        XCTAssertEqual(received.values, [1, 2])
    }

    func testSerialQueue_sentFromInsideADelivery_comesAfterIt_inTheSameDrain() {
        let queue = DispatchQueue(label: "batching")
        let subject = PublishSubject<Int>()
        let log = Collector<String>()
        let subscription = subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { subject.onNext(2) }
            log.append("end \(value)")
        })
        // Sent from the queue: the subject's delivery of 1 has returned before the drain
        // sends 2 (from this test thread, the two sends could overlap, breaking the contract).
        onQueue(queue) { subject.onNext(1) }
        flush(queue)
        flush(queue)
        XCTAssertEqual(log.values, ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }

    func testConcurrentQueue_batchesNeverOverlap_andKeepTheOrder() {
        assertDeliversEverythingInOrder(count: 50_000, rounds: 5) { $0.observe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated)) }
    }

    /// Several threads send through `merge` into `observe(on:)`, a fourth disposes in the middle.
    func testSeveralSendingThreads_andADisposeFromAnotherThread() {
        assertSeveralSendersAndADisposeFromAnotherThread { $0.observe(on: $1) }
    }
}
