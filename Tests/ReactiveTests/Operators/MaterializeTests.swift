import Reactive
import ReactiveTest
import XCTest

final class MaterializeTests: ReactiveTestCase {
    func testMaterialize_errorBecomesElementThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.first)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(res.events, [.next(210, Event.next(1)), .next(250, Event.error(TestError.first)), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMaterialize_completion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(res.events, [.next(210, Event.next(1)), .next(250, Event<Int>.completed), .completed(250)])
    }

    func testDematerialize_roundTrip_andTerminalElementEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(220, Event<Int>.error(TestError.second)), .next(230, Event.next(3))])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.second)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerialize_sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Event<Int>>>.error(220, TestError.first)])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.error(220, TestError.first)])
    }
}
