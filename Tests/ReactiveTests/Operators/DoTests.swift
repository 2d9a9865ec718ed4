import Foundation
import Reactive
import ReactiveTest
import XCTest

final class DoTests: ReactiveTestCase {
    func testDo_callsHandlersInOrderAroundEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var log: [String] = []
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.do(
                onNext: { log.append("onNext \($0)") }, afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            ).do(onNext: { log.append("downstream \($0)") }).subscribe(observer)
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(log, ["onSubscribe", "onSubscribed", "onNext 1", "downstream 1", "afterNext 1", "onNext 2", "downstream 2", "afterNext 2", "onCompleted", "onDispose", "afterCompleted"])
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(300)])
    }

    func testDo_errorHandlers_andThrowingOnNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        var log: [String] = []
        let res = scheduler.start { xs.do(onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") }) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(log, ["onError", "afterError"])
        let ys = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { ys.do(onNext: { _ in throw TestError.second }) }
        XCTAssertEqual(res2.events, [.error(1210, TestError.second)])
        XCTAssertEqual(ys.subscriptions, [Subscription(1200, 1210)])
    }

    func testDo_onDisposeRunsOnceOnDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        var disposals = 0
        let res = scheduler.start(disposed: 300) { xs.do(onDispose: { disposals += 1 }) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(disposals, 1)
    }
}
