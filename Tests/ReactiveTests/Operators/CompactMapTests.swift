import Reactive
import ReactiveTest
import XCTest

final class CompactMapTests: ReactiveTestCase {
    func testCompactMap_dropsNilResults() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300)])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompactMap_errorInTransform_forwardsErrorAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.compactMap { value -> Int? in
            if value == 2 { throw TestError.first }
            return value
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCompactMap_errorEmptyNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.first)])
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(260)])
        let never = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let c = scheduler.createObserver(Int.self)
        var bag = DisposeBag()
        scheduler.scheduleAt(200) {
            failing.compactMap { $0 }.subscribe(a).disposed(by: bag)
            empty.compactMap { $0 }.subscribe(b).disposed(by: bag)
            never.compactMap { $0 }.subscribe(c).disposed(by: bag)
        }
        scheduler.scheduleAt(1000) { bag = DisposeBag() }
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .error(250, TestError.first)])
        XCTAssertEqual(b.events, [.completed(260)])
        XCTAssertEqual(c.events, [])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    }

    func testCompactMap_disposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
        let res = scheduler.start(disposed: 300) { xs.compactMap { $0 * 2 } }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
