import Reactive
import ReactiveTest
import XCTest

final class ReplaySubjectTests: ReactiveTestCase {
    func testReplaySubject_bounded_replaysLastElementsThenCompletion() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        (1...5).forEach(subject.onNext)
        subject.onCompleted()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(4), .next(5), .completed])
    }

    func testReplaySubject_zeroOrNegativeBufferSize_replaysOnlyTheTerminalEvent() {
        // As RxSwift: a buffer size below 1 keeps no element (and does not trap).
        for size in [0, -3] {
            let subject = ReplaySubject<Int>.create(bufferSize: size)
            subject.onNext(1)
            var early: [Event<Int>] = []
            _ = subject.subscribe { early.append($0) }
            subject.onNext(2)
            subject.onCompleted()
            var late: [Event<Int>] = []
            _ = subject.subscribe { late.append($0) }
            XCTAssertEqual(early, [.next(2), .completed], "size \(size)")
            XCTAssertEqual(late, [.completed], "size \(size)")
        }
    }

    func testReplaySubject_unbounded_replaysEverything() {
        let subject = ReplaySubject<Int>.createUnbounded()
        (1...40).forEach(subject.onNext)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(41)
        XCTAssertEqual(received, Array(1...41))
        subscription.dispose()
    }

    func testReplaySubject_boundedBufferStaysCorrectAcrossCompaction() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        (1...100).forEach(subject.onNext)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [98, 99, 100])
        subscription.dispose()
    }

    /// Elements sent from inside a new subscriber's replay wait for the replay to end: it gets
    /// them after the replayed ones, in order, while a subscriber already live gets them at once.
    func testReplaySubject_sendFromInsideTheReplay_isDeliveredAfterIt() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        var live: [Int] = []
        let liveSubscription = subject.subscribe(onNext: { live.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        var log: [String] = []
        let replaying = subject.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { subject.onNext(3) }
            if value == 2 { subject.onNext(4) }
            log.append("end \(value)")
        })
        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3", "begin 4", "end 4"])
        XCTAssertEqual(live, [1, 2, 3, 4])
        subject.onNext(5)
        XCTAssertEqual(log.suffix(2), ["begin 5", "end 5"])
        liveSubscription.dispose()
        replaying.dispose()
    }

    func testReplaySubject_replayingToSubscriberThatDisposesAnother() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        var third: [Int] = []
        let thirdSubscription = subject.subscribe(onNext: { third.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        var second: [Int] = []
        let secondSubscription = subject.subscribe(onNext: { value in
            second.append(value)
            thirdSubscription.dispose()
        })
        subject.onNext(3)
        XCTAssertEqual(second, [1, 2, 3])
        XCTAssertEqual(third, [1, 2])
        secondSubscription.dispose()
    }

    func testReplayRelay_acceptsAndReplays() {
        let relay = ReplayRelay<Int>.create(bufferSize: 1)
        relay.accept(1)
        relay.accept(2)
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [2])
        subscription.dispose()
    }
}

final class AsyncSubjectTests: ReactiveTestCase {
    func testAsyncSubject_sendsLastElementOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(100) { subscription = subject.subscribe(observer) }
        scheduler.scheduleAt(200) { subject.onNext(1) }
        scheduler.scheduleAt(300) { subject.onNext(2) }
        scheduler.scheduleAt(400) { subject.onCompleted() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(400, 2), .completed(400)])
        subscription?.dispose()
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        XCTAssertEqual(late, [.next(2), .completed])
    }

    func testAsyncSubject_errorSendsOnlyError() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        subject.onNext(1)
        subject.onError(TestError.first)
        XCTAssertEqual(events, [.error(TestError.first)])
        subscription.dispose()
    }

    func testPublishRelay_neverTerminates() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }
}
