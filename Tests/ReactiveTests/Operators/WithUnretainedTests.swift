import Reactive
import ReactiveTest
import XCTest

final class WithUnretainedTests: ReactiveTestCase {
    final class Owner {
        let name: String
        init(_ name: String) { self.name = name }
    }

    func testWithUnretained_pairsWhileAlive_completesWhenDeallocated() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner("o")
        weak let weakOwner = owner
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .next(250, 4)])
        scheduler.scheduleAt(230) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!).map { "\($0.0.name)\($0.1)" } }
        XCTAssertEqual(res.events, [.next(210, "o1"), .next(220, "o2"), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertNil(weakOwner)
    }

    func testWithUnretained_resultSelectorError() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner("o")
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.withUnretained(owner) { _, _ -> Int in throw TestError.first } }
        XCTAssertEqual(res.events, [.error(210, TestError.first)])
    }
}
