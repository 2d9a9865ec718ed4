import Reactive
import ReactiveTest
import XCTest

final class RetryTests: ReactiveTestCase {
    func testRetry_resubscribesUntilSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempt = 0
        let source = Observable<Int>.deferred {
            attempt += 1
            return attempt < 3 ? Observable.error(TestError.first) : Observable.just(attempt)
        }
        let res = scheduler.start { source.retry() }
        XCTAssertEqual(res.events, [.next(200, 3), .completed(200)])
    }

    func testRetryCount_forwardsLastError_withSubscriptionIntervals() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded<Event<Int>>.error(20, TestError.first)])
        let res = scheduler.start { xs.retry(2) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .error(240, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    func testRetry_completionAndDisposeInMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded<Event<Int>>.error(20, TestError.first)])
        let res = scheduler.start(disposed: 250) { xs.retry() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 250)])
        XCTAssertEqual(runHot([.next(210, 1), Recorded<Event<Int>>.completed(220)]) { $0.retry(3) }.events, [.next(210, 1), .completed(220)])
    }

    func testRetry_synchronouslyFailingSource_100000Times_doesNotGrowTheStack() {
        var attempts = 0
        let source = Observable<Int>.create { observer in
            attempts += 1
            observer.onError(TestError.first)
            return Disposables.create()
        }
        var events: [Event<Int>] = []
        _ = source.retry(100_000).subscribe { events.append($0) }
        XCTAssertEqual(attempts, 100_000)
        XCTAssertEqual(events, [.error(TestError.first)])
    }

    func testRetryWhen_resubscribesOnTrigger_andCompletesWhenTriggerCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded<Event<Int>>.error(20, TestError.first)])
        let res = scheduler.start { xs.retry { (errors: Observable<TestError>) in
            errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                attempt < 1 ? Observable.just(0).delaySubscription(.seconds(5), scheduler: scheduler) : Observable.error(error)
            }
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(235, 1), .error(245, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(225, 245)])

        // The handler's observable completes at once, but only a failed attempt listens to it
        // (RxSwift's rule): the sequence completes at the first error.
        let completing = runHot([Recorded<Event<Int>>.error(210, TestError.first)]) { $0.retry { (errors: Observable<TestError>) in errors.take(0) } }
        XCTAssertEqual(completing.events, [.completed(210)])
    }

    func testRetryWhen_triggerEndingBeforeAnyFailure_actsOnlyWhenAnAttemptFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(215, 1), .completed(250)])
        let trigger = scheduler.createHotObservable([.next(205, ()), .completed(210)])
        let res = scheduler.start { xs.retry { (_: Observable<TestError>) in trigger.asObservable() } }
        // The trigger's element and completion come while nothing failed: the source goes on.
        XCTAssertEqual(res.events, [.next(215, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        let failing = runHot([Recorded<Event<Int>>.error(230, TestError.first)]) { $0.retry { (_: Observable<TestError>) in Observable<Void>.error(TestError.second) } }
        XCTAssertEqual(failing.events, [.error(230, TestError.second)], "the trigger's early error ends the sequence at the first failure")
    }

    func testRetryWhen_errorOfAnotherTypeIsForwarded() {
        let res = runHot([Recorded<Event<Int>>.error(210, RxError.timeout)]) { $0.retry { (errors: Observable<TestError>) in errors } }
        XCTAssertEqual(res.events, [.error(210, RxError.timeout)])
    }

    func testRetry_attemptFailingInsideSubscribe_keepsTheNextAttempt() {
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { next in
            var attempts = 0
            return Observable.deferred {
                attempts += 1
                return attempts == 1 ? Observable<Int>.error(TestError.first) : next
            }.retry(2)
        }
    }


    func testRetry_lastAttemptFailingInsideSubscribe_deliversTheErrorAfterTheSourcesCode() {
        var log: [String] = []
        var attempts = 0
        let source = Observable<Int>.create { observer in
            attempts += 1
            observer.onNext(attempts)
            observer.onError(TestError.first)
            log.append("source went on after error \(attempts)")
            return Disposables.create()
        }
        _ = source.retry(2).subscribe(onNext: { log.append("next \($0)") }, onError: { _ in log.append("error") })
        XCTAssertEqual(log, ["next 1", "source went on after error 1", "next 2", "source went on after error 2", "error"])
    }

    func testRetry_zeroAttempts_completesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.first)])
        let res = scheduler.start { xs.retry(0) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

}
