import Dispatch
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class PublishSubjectTests: ReactiveTestCase {
    func testPublishSubject_sendsOnlyToCurrentSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var earlySubscription: Disposable?
        var lateSubscription: Disposable?
        scheduler.scheduleAt(100) { earlySubscription = subject.subscribe(early) }
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(200) { lateSubscription = subject.subscribe(late) }
        scheduler.scheduleAt(250) { subject.onNext(2) }
        scheduler.scheduleAt(300) { earlySubscription?.dispose() }
        scheduler.scheduleAt(350) { subject.onNext(3) }
        scheduler.scheduleAt(400) { subject.onCompleted() }
        scheduler.scheduleAt(450) { subject.onNext(4) }
        scheduler.scheduleAt(500) { lateSubscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(150, 1), .next(250, 2)])
        XCTAssertEqual(late.events, [.next(250, 2), .next(350, 3), .completed(400)])
    }

    func testPublishSubject_disposingFirstMiddleOrLast_keepsTheOthersInSubscriptionOrder() {
        // The first subscriber is stored apart from the later ones: every position is removed.
        for removed in 0..<4 {
            let subject = PublishSubject<Int>()
            var received: [String] = []
            let subscriptions = (0..<4).map { index in
                subject.subscribe(onNext: { received.append("\(index):\($0)") }, onCompleted: { received.append("\(index):end") })
            }
            subject.onNext(1)
            subscriptions[removed].dispose()
            subject.onNext(2)
            let late = subject.subscribe(onNext: { received.append("late:\($0)") })
            subject.onNext(3)
            subject.onCompleted()
            let others = (0..<4).filter { $0 != removed }
            XCTAssertEqual(received, (0..<4).map { "\($0):1" } + others.map { "\($0):2" } + others.map { "\($0):3" } + ["late:3"] + others.map { "\($0):end" }, "removed \(removed)")
            XCTAssertFalse(subject.hasObservers)
            late.dispose()
            subscriptions.forEach { $0.dispose() }
        }
    }

    func testPublishSubject_disposingEverySubscriber_thenSubscribingAgain_deliversToTheNewOne() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let first = subject.subscribe(onNext: { received.append($0) })
        let second = subject.subscribe(onNext: { received.append($0 * 10) })
        first.dispose()
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(1)
        let third = subject.subscribe(onNext: { received.append($0 * 100) })
        subject.onNext(2)
        XCTAssertEqual(received, [200])
        third.dispose()
    }

    func testPublishSubject_subscribeAfterTerminal_getsTerminalOnly() {
        let subject = PublishSubject<Int>()
        subject.onError(TestError.first)
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.first)])
    }

    func testPublishSubject_subscribeAfterDispose_getsDisposedError() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        var error: Error?
        _ = subject.subscribe(onError: { error = $0 })
        guard case RxError.disposed? = error else { return XCTFail("expected RxError.disposed, got \(String(describing: error))") }
        XCTAssertTrue(subject.isDisposed)
    }

    func testPublishSubject_reentrantOnFromSubscriber_deliversRecursivelyInOrder() {
        let subject = PublishSubject<Int>()
        var first: [Int] = []
        var second: [Int] = []
        let a = subject.subscribe(onNext: { value in
            first.append(value)
            if value == 1 { subject.onNext(2) }
        })
        let b = subject.subscribe(onNext: { second.append($0) })
        subject.onNext(1)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(Set(second), [1, 2])
        a.dispose()
        b.dispose()
    }

    func testPublishSubject_disposeAnotherSubscriberFromOnNext_stopsIt() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var other: Disposable?
        let first = subject.subscribe(onNext: { _ in other?.dispose() })
        other = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertTrue(received.count <= 1, "at most the event in flight when disposed")
        first.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testPublishSubject_onDisposedRunsOnceAfterCompletion() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.subscribe(onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        subject.onCompleted()
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(log, ["completed", "disposed"])
    }

    func testPublishSubject_stress_fourThreadsSubscribingDisposingAndSending() {
        // Each thread sends into its own subject (sends to one subject must not overlap) while
        // subscribing and disposing observers on all subjects.
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let live = (0..<4).map { _ in Counter() }
        let permanent = subjects.enumerated().map { index, subject in subject.subscribe(onNext: { _ in live[index].increment() }) }
        let violations = Counter()
        let iterations = 2_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for i in 0..<iterations {
                subjects[thread].onNext(i)
                let target = subjects[(thread + i) % 4]
                let disposed = Flag()
                let subscription = target.subscribe(onNext: { _ in if disposed.isSet { violations.increment() } })
                subscription.dispose()
                disposed.set()
            }
        }
        permanent.forEach { $0.dispose() }
        for counter in live { XCTAssertEqual(counter.value, iterations, "no lost or duplicated events for a live subscriber") }
        XCTAssertEqual(violations.value, 0, "nothing starts after dispose() returned")
        XCTAssertTrue(subjects.allSatisfy { !$0.hasObservers })
    }

    func testPublishSubject_stress_externallySerializedSendsFromFourThreads() {
        let subject = PublishSubject<Int>()
        let sendLock = NSLock()
        let received = Counter()
        let subscription = subject.subscribe(onNext: { _ in received.increment() })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for i in 0..<5_000 { sendLock.withLock { subject.onNext(i) } }
        }
        subscription.dispose()
        XCTAssertEqual(received.value, 20_000)
    }
}

