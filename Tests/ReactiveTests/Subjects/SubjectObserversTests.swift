import Dispatch
import Foundation
import Synchronization
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// A subject's lone subscriber is delivered to through its handler's code address when the
/// handler has no context (`ContextFreeHandler`), and through the whole handler otherwise. These
/// subscribe internal observers of both kinds directly, so that both paths run in every build
/// (through `subscribe(onNext:)`, which one a build takes depends on specialisation).
final class SubjectObserversTests: ReactiveTestCase {
    /// Records into its target, and captures nothing.
    private func contextFree(_ log: Collector<Event<Int>>) -> Downstream<Int> {
        Downstream(log) { target, event in (target as? Collector<Event<Int>>)?.append(event) }
    }

    /// Records into `log`, captured: the handler has a context.
    private func withContext(_ log: Collector<Event<Int>>, tag: Int = 0) -> Downstream<Int> {
        Downstream(Collector<Int>()) { _, event in log.append(event.map { $0 + tag }) }
    }

    /// A new subject of each kind, its observer side, and what it replays to a new subscriber
    /// (the behavior subject's initial value; the replay subject has nothing yet).
    private func subjects() -> [(name: String, subject: Observable<Int>, observer: AnyObserver<Int>, replayed: [Event<Int>])] {
        let publish = PublishSubject<Int>()
        let replay = ReplaySubject<Int>.create(bufferSize: 1)
        let behavior = BehaviorSubject<Int>(value: 0)
        return [
            ("publish", publish, AnyObserver(publish), []),
            ("replay", replay, AnyObserver(replay), []),
            ("behavior", behavior, AnyObserver(behavior), [.next(0)]),
        ]
    }

    /// Subscribes a lone subscriber of each kind to a new subject of each kind, runs `body` with
    /// the subject's observer side and the subscription, and checks that the subscriber received
    /// what the subject replays, then `expected`.
    private func assertEveryLoneSubscriber(receives expected: [Event<Int>], line: UInt = #line, _ body: (AnyObserver<Int>, Disposable) -> Void) {
        for makesContext in [false, true] {
            for (name, subject, observer, replayed) in subjects() {
                let log = Collector<Event<Int>>()
                let subscription = subject.subscribe(makesContext ? withContext(log) : contextFree(log))
                body(observer, subscription)
                subscription.dispose()
                XCTAssertEqual(log.values, replayed + expected, "\(name), context: \(makesContext)", line: line)
            }
        }
    }

    func testLoneSubscriber_withOrWithoutContext_receivesEveryEventThenNothingAfterDispose() {
        assertEveryLoneSubscriber(receives: [.next(1), .next(2)]) { observer, subscription in
            observer.onNext(1)
            observer.onNext(2)
            subscription.dispose()
            observer.onNext(3)
        }
    }

    func testLoneSubscriber_withOrWithoutContext_receivesTheTerminalEvent() {
        assertEveryLoneSubscriber(receives: [.next(1), .error(TestError.first)]) { observer, _ in
            observer.onNext(1)
            observer.onError(TestError.first)
            observer.onNext(2)
        }
    }

    func testLoneSubscriber_afterEitherOfTwoIsDisposed_isTheOneThatRemains() {
        for disposesFirst in [true, false] {
            let subject = PublishSubject<Int>()
            let first = Collector<Event<Int>>()
            let second = Collector<Event<Int>>()
            let firstSubscription = subject.subscribe(contextFree(first))
            let secondSubscription = subject.subscribe(contextFree(second))
            subject.onNext(1)
            (disposesFirst ? firstSubscription : secondSubscription).dispose()
            subject.onNext(2)
            (disposesFirst ? secondSubscription : firstSubscription).dispose()
            subject.onNext(3)
            XCTAssertEqual(first.values, disposesFirst ? [.next(1)] : [.next(1), .next(2)])
            XCTAssertEqual(second.values, disposesFirst ? [.next(1), .next(2)] : [.next(1)])
            XCTAssertFalse(subject.hasObservers)
        }
    }

    func testLoneSubscriber_changingBetweenWithAndWithoutContext_eachGetsItsOwnEvents() {
        let subject = PublishSubject<Int>()
        let free = Collector<Event<Int>>()
        let captured = Collector<Event<Int>>()
        let freeSubscription = subject.subscribe(contextFree(free))
        subject.onNext(1)
        let capturedSubscription = subject.subscribe(withContext(captured, tag: 100))
        subject.onNext(2)
        freeSubscription.dispose()  // the one with a context is alone now
        subject.onNext(3)
        let laterFree = Collector<Event<Int>>()
        let laterSubscription = subject.subscribe(contextFree(laterFree))
        capturedSubscription.dispose()  // a context-free one is alone again
        subject.onNext(4)
        subject.onCompleted()
        laterSubscription.dispose()
        XCTAssertEqual(free.values, [.next(1), .next(2)])
        XCTAssertEqual(captured.values, [.next(102), .next(103)])
        XCTAssertEqual(laterFree.values, [.next(4), .completed])
    }

    func testLoneSubscriber_stress_disposedByAnotherThreadWhileReceiving() {
        // Each lone subscriber's target is referenced only by its subscription, and is disposed
        // while the sender is delivering to it (the handler waits before touching it): a
        // delivery that did not keep its target would reach a freed object, which the sanitizer
        // runs report. Values reach each subscriber in order, none twice.
        let subject = PublishSubject<Int>()
        let disorder = Counter()  // values that came late or twice, over every subscriber
        let stop = Atomic<Bool>(false)
        let stopped = DispatchSemaphore(value: 0)
        let sender = Thread {
            var value = 0
            while !stop.load(ordering: .relaxed) {
                subject.onNext(value)
                value += 1
            }
            stopped.signal()
        }
        sender.start()
        let deadline = DispatchTime.now() + .seconds(5)
        var disposedWhileReceiving = 0
        while disposedWhileReceiving < 300 && DispatchTime.now() < deadline {
            // Only the subscription keeps the log: this thread keeps what it signals through.
            let received = Flag()
            let subscription = subject.subscribe(Downstream(OrderLog(disorder, received)) { target, event in
                spinWait(nanoseconds: 2_000)  // the window in which the other thread disposes
                (target as? OrderLog)?.receive(event)
            })
            while !received.isSet && DispatchTime.now() < deadline {}
            subscription.dispose()
            disposedWhileReceiving += 1
        }
        stop.store(true, ordering: .relaxed)
        stopped.wait()
        XCTAssertEqual(disposedWhileReceiving, 300, "each subscriber received before the deadline")
        XCTAssertEqual(disorder.value, 0)
        XCTAssertFalse(subject.hasObservers)
    }
}

/// A subscriber that counts values arriving out of order (or twice) into a shared counter.
private final class OrderLog: @unchecked Sendable {
    private let disorder: Counter
    private let received: Flag
    private var last: Int?  // one subscriber's events never overlap

    init(_ disorder: Counter, _ received: Flag) {
        self.disorder = disorder
        self.received = received
    }

    func receive(_ event: Event<Int>) {
        guard case .next(let value) = event else { return }
        if let last, last >= value { disorder.increment() }
        last = value
        received.set()
    }
}

