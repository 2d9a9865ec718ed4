import Reactive
import ReactiveTest
import XCTest

final class CatchTests: ReactiveTestCase {
    func testCatch_switchesToHandlersObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.first)])
        let fallback = scheduler.createColdObservable([.next(10, 8), .completed(20)])
        var caught: [Error] = []
        let res = scheduler.start { xs.catch { error in
            caught.append(error)
            return fallback.asObservable()
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 8), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(caught.count, 1)
    }

    func testCatch_handlerThrows_andCompletionPassesThrough() {
        let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(230, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.catch { _ in throw TestError.second } }.events, [.next(210, 1), .error(230, TestError.second)])
        let completing: [Recorded<Event<Int>>] = [.next(210, 1), .completed(230)]
        XCTAssertEqual(runHot(completing) { $0.catchAndReturn(0) }.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(runHot(failing) { $0.catchAndReturn(0) }.events, [.next(210, 1), .next(230, 0), .completed(230)])
    }

    func testCatch_errorOfReplacementIsForwarded_andDisposeDuringReplacement() {
        let failing: [Recorded<Event<Int>>] = [.error(230, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.catch { _ in Observable.error(TestError.second) } }.events, [.error(230, TestError.second)])
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.first)])
        let fallback = scheduler.createColdObservable([.next(10, 8), .next(200, 9)])
        let res = scheduler.start(disposed: 300) { xs.catch { _ in fallback.asObservable() } }
        XCTAssertEqual(res.events, [.next(240, 8)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 300)])
    }

    func testCatch_sourceFailingInsideSubscribe_keepsTheHandlersSequence() {
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { next in Observable<Int>.error(TestError.first).catch { _ in next } }
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { next in Observable.catch(sequence: [Observable<Int>.error(TestError.first), next]) }
    }

}
