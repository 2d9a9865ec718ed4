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

    // The order of `onDispose` against the after-handlers and the subscriber's closures, as
    // RxSwift 6 runs it (checked against RxSwift built on this machine): the user's observer
    // leaves the disposal to the operator that sent the terminal event, an operator in between
    // disposes at once.

    /// `do(…)` named `name`, logging its completion, after-completion and disposal.
    private func ends(_ source: Observable<Int>, _ name: String, _ log: Collector<String>) -> Observable<Int> {
        source.do(onNext: { _ in }, afterNext: { log.append("afterNext \(name) \($0)") },
                  onError: { _ in log.append("onError \(name)") }, afterError: { _ in log.append("afterError \(name)") },
                  onCompleted: { log.append("onCompleted \(name)") }, afterCompleted: { log.append("afterCompleted \(name)") },
                  onDispose: { log.append("onDispose \(name)") })
    }

    /// Subscribes to what `make` builds over a subject, completes (or fails) the subject, and
    /// returns the log with the subscriber's closures in it.
    private func runEnding(failing: Bool = false, _ make: (Observable<Int>, Collector<String>) -> Observable<Int>) -> [String] {
        let log = Collector<String>()
        let subject = PublishSubject<Int>()
        _ = make(subject.asObservable(), log).subscribe(
            onNext: { log.append("subscriber \($0)") }, onError: { _ in log.append("subscriber error") },
            onCompleted: { log.append("subscriber completed") }, onDisposed: { log.append("subscriber disposed") })
        subject.onNext(1)
        if failing { subject.onError(TestError.first) } else { subject.onCompleted() }
        return log.values
    }

    func testDo_subscriberRightAfter_afterCompletedRunsBeforeOnDispose() {
        XCTAssertEqual(runEnding { ends($0, "A", $1) }, [
            "subscriber 1", "afterNext A 1", "onCompleted A", "subscriber completed", "subscriber disposed", "afterCompleted A", "onDispose A"])
    }

    func testDo_operatorInBetween_disposesAtOnce_soOnDisposeRunsBeforeAfterCompleted() {
        XCTAssertEqual(runEnding { ends($0, "A", $1).map { $0 } }, [
            "subscriber 1", "afterNext A 1", "onCompleted A", "subscriber completed", "subscriber disposed", "onDispose A", "afterCompleted A"])
        XCTAssertEqual(runEnding(failing: true) { ends($0, "A", $1).filter { _ in true } }, [
            "subscriber 1", "afterNext A 1", "onError A", "subscriber error", "subscriber disposed", "onDispose A", "afterError A"])
    }

    func testDo_twoDos_innerOnDisposeFirst_betweenTheAfterHandlers() {
        XCTAssertEqual(runEnding { ends(ends($0, "A", $1), "B", $1) }, [
            "subscriber 1", "afterNext B 1", "afterNext A 1", "onCompleted A", "onCompleted B", "subscriber completed",
            "subscriber disposed", "afterCompleted B", "onDispose A", "onDispose B", "afterCompleted A"])
    }

    func testSubscribe_terminalEvent_callsOnDisposedBeforeTheUpstreamIsDisposed() {
        XCTAssertEqual(runEnding { ends($0, "A", $1).take(1) }, [
            "subscriber 1", "subscriber completed", "subscriber disposed", "onDispose A", "afterNext A 1"])
    }

    func testConcatAndRetry_disposeTheFinishedSourceBeforeSubscribingTheNext() {
        XCTAssertEqual(runEnding { ends($0, "A", $1).concat(Observable.just(8)) }, [
            "subscriber 1", "afterNext A 1", "onCompleted A", "onDispose A", "subscriber 8", "subscriber completed",
            "subscriber disposed", "afterCompleted A"])
        let log = Collector<String>()
        var attempts = 0
        let failing = Observable<Int>.create { observer in
            attempts += 1
            log.append("attempt \(attempts)")
            observer.onError(TestError.first)
            return Disposables.create { log.append("disposed \(attempts)") }
        }
        _ = failing.retry(2).subscribe(onError: { _ in log.append("subscriber error") })
        XCTAssertEqual(log.values, ["attempt 1", "disposed 1", "attempt 2", "disposed 2", "subscriber error"])
    }

    func testDo_shareOrStartWithAfterIt_actLikeTheSubscriber_afterCompletedBeforeOnDispose() {
        // RxSwift's `share()` connection and `startWith` leave the source's disposal to it.
        let ending = ["subscriber completed", "subscriber disposed", "afterCompleted A", "onDispose A"]
        XCTAssertEqual(runEnding { ends($0, "A", $1).share() }, ["subscriber 1", "afterNext A 1", "onCompleted A"] + ending)
        XCTAssertEqual(runEnding { ends($0, "A", $1).share(replay: 1) }, ["subscriber 1", "afterNext A 1", "onCompleted A"] + ending)
        XCTAssertEqual(runEnding { ends($0, "A", $1).startWith(0) }, ["subscriber 0", "subscriber 1", "afterNext A 1", "onCompleted A"] + ending)
        // `publish().refCount()` disposes the source before the subscribers hear the end.
        XCTAssertEqual(runEnding { ends($0, "A", $1).publish().refCount() }, [
            "subscriber 1", "afterNext A 1", "onCompleted A", "onDispose A", "subscriber completed", "subscriber disposed", "afterCompleted A"])
    }

    func testSwitchLatest_failingInner_isDisposedBeforeTheErrorIsSent() {
        XCTAssertEqual(runEnding(failing: true) { source, log in Observable.just(ends(source, "A", log)).switchLatest() }, [
            "subscriber 1", "afterNext A 1", "onError A", "onDispose A", "subscriber error", "subscriber disposed", "afterError A"])
    }

    func testUsingAndMulticastSelector_disposeTheSourceAsRxSwiftDoes() {
        final class Resource: Disposable {
            let log: Collector<String>
            init(_ log: Collector<String>) { self.log = log }
            func dispose() { log.append("resource disposed") }
        }
        // `using` disposes the source's subscription, then the resource, as the sequence ends.
        XCTAssertEqual(runEnding { source, log in Observable.using({ Resource(log) }, observableFactory: { _ in self.ends(source, "A", log) }) }, [
            "subscriber 1", "afterNext A 1", "onCompleted A", "subscriber completed", "subscriber disposed", "onDispose A",
            "resource disposed", "afterCompleted A"])
        // A connection disposes the source before its subject hears the end.
        XCTAssertEqual(runEnding { ends($0, "A", $1).multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 } }) }, [
            "subscriber 1", "afterNext A 1", "onCompleted A", "onDispose A", "subscriber completed", "subscriber disposed", "afterCompleted A"])
    }
}
