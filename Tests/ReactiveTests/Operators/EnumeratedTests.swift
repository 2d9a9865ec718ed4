import Reactive
import ReactiveTest
import XCTest

final class EnumeratedTests: ReactiveTestCase {
    func testEnumerated_countsFromZeroPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" }.repeatTwice() }
        XCTAssertEqual(res.events, [.next(210, "0a"), .next(220, "1b"), .next(240, "0a"), .next(250, "1b"), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
    }

    func testEnumerated_error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError.first)])
        let res = scheduler.start { xs.enumerated().map(\.index) }
        XCTAssertEqual(res.events, [.next(210, 0), .error(220, TestError.first)])
    }
}

extension ObservableType {
    /// The sequence subscribed twice in a row.
    func repeatTwice() -> Observable<Element> {
        Observable.concat([asObservable(), asObservable()])
    }
}
