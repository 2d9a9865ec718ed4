import Dispatch
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class BehaviorSubjectTests: ReactiveTestCase {
    func testBehaviorSubject_newSubscriberGetsCurrentValueFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = BehaviorSubject(value: 0)
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(100) { subject.onNext(1) }
        scheduler.scheduleAt(200) { subscription = subject.subscribe(observer) }
        scheduler.scheduleAt(300) { subject.onNext(2) }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.scheduleAt(500) { subject.onNext(3) }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(200, 1), .next(300, 2)])
        XCTAssertEqual(try subject.value(), 3)
    }

    func testBehaviorSubject_valueThrowsAfterErrorAndAfterDispose() {
        let failed = BehaviorSubject(value: 1)
        failed.onError(TestError.second)
        XCTAssertThrowsError(try failed.value()) { XCTAssertEqual($0 as? TestError, .second) }
        let disposed = BehaviorSubject(value: 1)
        disposed.dispose()
        XCTAssertThrowsError(try disposed.value()) { error in
            guard case RxError.disposed = error else { return XCTFail("expected disposed, got \(error)") }
        }
    }

    func testBehaviorSubject_failed_laterSubscriberGetsOnlyTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = BehaviorSubject(value: 1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(100) { subscriptions.append(subject.subscribe(early)) }
        scheduler.scheduleAt(200) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onError(TestError.first) }
        scheduler.scheduleAt(400) { subject.onNext(3) }
        scheduler.scheduleAt(500) { subscriptions.append(subject.subscribe(late)) }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(100, 1), .next(200, 2), .error(300, TestError.first)])
        XCTAssertEqual(late.events, [.error(500, TestError.first)], "the error replays; no value does")
        subscriptions.forEach { $0.dispose() }
    }

    func testBehaviorSubject_completed_subscriberGetsOnlyCompletion() {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed])
    }

    func testBehaviorSubject_sendFromInsideInitialDelivery_isDeliveredAfterIt() {
        let subject = BehaviorSubject(value: 1)
        var log: [String] = []
        let subscription = subject.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { subject.onNext(2) }
            log.append("end \(value)")
        })
        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2"], "queued for the new subscriber, not nested in its first delivery")
        XCTAssertEqual(try subject.value(), 2)
        subject.onNext(3)
        XCTAssertEqual(log.suffix(2), ["begin 3", "end 3"], "live once its queue is drained")
        subscription.dispose()
    }

    /// While a new subscriber receives the current value, an element sent from inside that
    /// delivery reaches the subscribers already live at once, and the new one after it.
    func testBehaviorSubject_sendFromInsideALaterSubscribersInitialDelivery_reachesTheEarlierAtOnceAndItAfter() {
        let subject = BehaviorSubject(value: 0)
        var log: [String] = []
        let first = subject.subscribe(onNext: { log.append("first \($0)") })
        let second = subject.subscribe(onNext: { value in
            log.append("second begins \(value)")
            if value == 0 { subject.onNext(1) }
            log.append("second ends \(value)")
        })
        XCTAssertEqual(log, ["first 0", "second begins 0", "first 1", "second ends 0", "second begins 1", "second ends 1"])
        subject.onNext(2)
        XCTAssertEqual(log.suffix(3), ["first 2", "second begins 2", "second ends 2"])
        first.dispose()
        second.dispose()
    }

    /// A terminal event sent from inside a new subscriber's initial delivery reaches it after
    /// that delivery; later subscribers get only the terminal event.
    func testBehaviorSubject_completedFromInsideInitialDelivery_isDeliveredAfterIt() {
        let subject = BehaviorSubject(value: 0)
        var log: [String] = []
        _ = subject.subscribe(onNext: { value in
            log.append("begin \(value)")
            subject.onCompleted()
            log.append("end \(value)")
        }, onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        XCTAssertEqual(log, ["begin 0", "end 0", "completed", "disposed"])
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        XCTAssertEqual(late, [.completed])
    }

    func testBehaviorRelay_acceptUpdatesValue() {
        let relay = BehaviorRelay(value: "a")
        var received: [String] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept("b")
        XCTAssertEqual(relay.value, "b")
        XCTAssertEqual(received, ["a", "b"])
        subscription.dispose()
    }

    func testBehaviorSubject_stress_subscribersSeeAscendingValuesWhileAnotherThreadSends() {
        let subject = BehaviorSubject(value: 0)
        let outOfOrder = Counter()
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            for i in 1...20_000 { subject.onNext(i) }
        }
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            for _ in 0..<300 {
                let last = Collector<Int>()
                let subscription = subject.subscribe(onNext: { value in
                    if let previous = last.values.last, previous > value { outOfOrder.increment() }
                    last.append(value)
                })
                subscription.dispose()
            }
        }
        done.wait()
        XCTAssertEqual(outOfOrder.value, 0, "a subscriber never sees an older value after a newer one")
    }
}

final class ReentrancyReportTests: ReactiveTestCase {
    func testBehaviorRelay_valueAcceptedInsideDelivery_leavesLaterSubscriberStale_andIsReportedOnce() {
        let reports = Collector<GrammarViolation>()
        let previous = Hooks.grammarViolationHandler
        Hooks.grammarViolationHandler = { reports.append($0) }
        defer { Hooks.grammarViolationHandler = previous }
        let relay = BehaviorRelay(value: 0)
        var second: [Int] = []
        let first = relay.subscribe(onNext: { value in
            if value == 1 { relay.accept(2) }
            if value == 3 { relay.accept(4) }
        })
        let other = relay.subscribe(onNext: { second.append($0) })
        relay.accept(1)
        relay.accept(3)
        // The documented hazard: the second subscriber hears 2 before 1 and ends on 1.
        XCTAssertEqual(relay.value, 4)
        XCTAssertEqual(second, [0, 2, 1, 4, 3])
        #if DEBUG
        XCTAssertEqual(reports.values.map(\.kind), [.reentrantDelivery], "reported once per subject")
        XCTAssertEqual(reports.values.first?.operatorName, "BehaviorSubject")
        #else
        XCTAssertEqual(reports.values.count, 0)
        #endif
        first.dispose()
        other.dispose()
    }
}
