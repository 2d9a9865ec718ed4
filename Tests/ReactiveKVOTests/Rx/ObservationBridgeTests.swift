import Foundation
import Observation
import Reactive
import ReactiveKVO
import ReactiveTest
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
        var model: CounterModel? = CounterModel()
        weak let weakModel = model
        let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "observation")
        let values = LockedValues()
        let subscription = Observable.observing(model!, \.count, scheduler: queue).subscribe(onNext: { values.append("\($0)") })
        model?.count = 5
        let expectation = expectation(description: "delivered")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { expectation.fulfill() }
        wait(for: [expectation], timeout: 2)
        subscription.dispose()
        model?.count = 6
        model = nil
        XCTAssertNil(weakModel)
        XCTAssertEqual(values.values, ["0", "5"])
    }
}
