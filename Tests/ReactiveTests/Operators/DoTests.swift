import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class DoTests: ReactiveTestCase {
    func testDo_callsHandlersInOrderAroundEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var log: [String] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.do(
                onNext: { log.append("onNext \($0)") }, afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            ).subscribe(onNext: { log.append("downstream \($0)") }, onCompleted: { log.append("downstream completed") })
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(log, ["onSubscribe", "onSubscribed", "onNext 1", "downstream 1", "afterNext 1", "onNext 2", "downstream 2", "afterNext 2", "onCompleted", "downstream completed", "afterCompleted", "onDispose"])
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

    /// A source whose subscription logs its subscribe and dispose; it sends `events` while being
    /// subscribed, or, with `at`, later in virtual time.
    private func loggingSource(_ log: Collector<String>, events: [Event<Int>], at time: TestTime? = nil, on scheduler: TestScheduler? = nil) -> Observable<Int> {
        Observable.create { observer in
            log.append("sourceSubscribe")
            if let time, let scheduler {
                scheduler.scheduleAt(time) { events.forEach(observer.on) }
            } else {
                events.forEach(observer.on)
            }
            return Disposables.create { log.append("sourceDispose") }
        }
    }

    private func logged(_ source: Observable<Int>, _ log: Collector<String>) -> Observable<Int> {
        source.do(
            onNext: { _ in log.append("onNext") }, afterNext: { _ in log.append("afterNext") },
            onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") },
            onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") })
    }

    func testDo_synchronousSourceCompleting_disposesTheSourceBeforeOnSubscribed_thenOnDispose() {
        let log = Collector<String>()
        _ = logged(loggingSource(log, events: [.next(0), .completed]), log).subscribe()
        XCTAssertEqual(log.values, ["onSubscribe", "sourceSubscribe", "onNext", "afterNext", "onCompleted", "afterCompleted", "sourceDispose", "onSubscribed", "onDispose"])
    }

    func testDo_synchronousSourceFailing_disposesTheSourceBeforeOnSubscribed_thenOnDispose() {
        let log = Collector<String>()
        _ = logged(loggingSource(log, events: [.next(0), .error(TestError.first)]), log).subscribe(onError: { _ in })
        XCTAssertEqual(log.values, ["onSubscribe", "sourceSubscribe", "onNext", "afterNext", "onError", "afterError", "sourceDispose", "onSubscribed", "onDispose"])
    }

    func testDo_laterCompletion_runsAfterCompletedBeforeTheSourceIsDisposed_thenOnDispose() {
        let log = Collector<String>()
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.start { self.logged(self.loggingSource(log, events: [.next(0), .completed], at: 300, on: scheduler), log) }
        XCTAssertEqual(log.values, ["onSubscribe", "sourceSubscribe", "onSubscribed", "onNext", "afterNext", "onCompleted", "afterCompleted", "sourceDispose", "onDispose"])
    }

    func testDo_disposal_disposesTheSourceThenCallsOnDispose() {
        let log = Collector<String>()
        logged(loggingSource(log, events: [.next(0)]), log).subscribe().dispose()
        XCTAssertEqual(log.values, ["onSubscribe", "sourceSubscribe", "onNext", "afterNext", "onSubscribed", "sourceDispose", "onDispose"])
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
