import Foundation
import Observation
import Reactive
import ReactiveKVO
import ReactiveTest
import TestSupport
import XCTest

@Observable final class CounterModel: @unchecked Sendable {
    var count = 0
}

final class ObservationBridgeTests: KVOTestCase {
    func testObserving_initialValueSynchronously_thenCoalescedChangesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = CounterModel()
        scheduler.scheduleAt(300) {
            model.count = 1
            model.count = 2  // coalesced with the change before: one element, the latest value
        }
        scheduler.scheduleAt(400) { model.count = 3 }
        scheduler.scheduleAt(600) { model.count = 4 }
        let res = scheduler.start(disposed: 500) { Observable.observing(model, \.count, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(200, 0), .next(301, 2), .next(401, 3)])
    }

    func testObserving_disposeStopsTracking_andReleasesTheModel() {
        // The bridge reads the model on the scheduler: mutate it there too (here, a serial queue).
        weak var weakModel: CounterModel?
        let values = Collector<String>()
        do {
            let model = CounterModel()
            weakModel = model
            let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "observation")
            let subscription = Observable.observing(model, \.count, scheduler: queue).subscribe(onNext: { values.append("\($0)") })
            let shared = Unchecked(model)
            func onQueue(_ body: @escaping @Sendable () -> Void) {
                let done = DispatchSemaphore(value: 0)
                _ = queue.schedule(()) { _ in
                    body()
                    done.signal()
                    return Disposables.create()
                }
                done.wait()
            }
            onQueue { shared.value.count = 5 }
            onQueue {}  // runs after the re-read that the change scheduled
            subscription.dispose()
            onQueue { shared.value.count = 6 }
        }
        XCTAssertEqual(values.values, ["0", "5"])
        // The queue releases its last work item (which captured the model) just after running it.
        waitUntil(timeout: 2) { weakModel == nil }
        XCTAssertNil(weakModel, "a disposed subscription keeps nothing alive")
    }
}
