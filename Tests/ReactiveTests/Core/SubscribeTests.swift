import Foundation
import Reactive
import TestSupport
import XCTest

/// `subscribe(onNext:onError:onCompleted:onDisposed:)` keeps its closures while one of them runs
/// and releases them once the subscription ends (a disposal during a delivery defers the release
/// to the delivery's end); these tests fail (or crash under ASan) if a closure's captures were
/// released while it runs.
final class SubscribeTests: ReactiveTestCase {
    /// Something a closure captures, whose lifetime the test watches through a weak reference.
    final class Captured: @unchecked Sendable {
        var touches = 0
    }

    func testSubscribe_disposingFromInsideOnNext_keepsTheClosuresUntilItReturns() {
        let subject = PublishSubject<Int>()
        // Captured by onError only: the running onNext holds no reference to it, so it lives
        // exactly as long as the subscription keeps its closures.
        var captured: Captured? = Captured()
        weak let watched = captured
        var subscription: Disposable?
        var aliveAfterDispose: [Bool] = []
        subscription = subject.subscribe(
            onNext: { _ in
                subscription?.dispose()
                subscription = nil
                aliveAfterDispose.append(watched != nil)
            },
            onError: { [captured] _ in captured?.touches += 1 })
        captured = nil
        subject.on(.next(1))
        subject.on(.next(2))
        XCTAssertEqual(aliveAfterDispose, [true], "the closures are kept while one of them runs")
        XCTAssertNil(watched, "released once the delivery that disposed returned")
    }

    func testSubscribe_onNextDisposingItsOwnSubscription_runsOnToItsEndWithItsCapturesAlive() {
        assertSelfDisposingHandler_keepsItsCapturesUntilItReturns("onNext") { subject, handler in
            subject.subscribe(onNext: handler)
        }
    }

    func testSubscribeObserver_observerDisposingItsOwnSubscription_runsOnToItsEndWithItsCapturesAlive() {
        assertSelfDisposingHandler_keepsItsCapturesUntilItReturns("observer") { subject, handler in
            subject.subscribe(AnyObserver(eventHandler: { event in
                if case .next(let value) = event { handler(value) }
            }))
        }
    }

    /// Subscribes, through `subscribe`, a handler that disposes its own subscription on its
    /// first element and goes on using what it captures.
    ///
    /// The sink calls the closure or observer it stores by borrowing it, not a copy of it: only
    /// the release deferred to the delivery's end keeps the running handler's context, and so
    /// what it captures, alive after it disposes (ASan reports the use after free otherwise).
    private func assertSelfDisposingHandler_keepsItsCapturesUntilItReturns(
        _ name: String, _ subscribe: (PublishSubject<Int>, @escaping (Int) -> Void) -> Disposable
    ) {
        let subject = PublishSubject<Int>()
        var captured: Captured? = Captured()
        weak let watched = captured
        var subscription: Disposable?
        var touchesAfterDispose: [Int] = []
        subscription = subscribe(subject) { [captured] value in
            subscription?.dispose()
            subscription = nil
            captured?.touches += value
            touchesAfterDispose.append(captured?.touches ?? -1)
            XCTAssertNotNil(watched, "\(name): the running handler's captures outlive its own disposal")
        }
        captured = nil
        subject.on(.next(5))
        subject.on(.next(7))
        XCTAssertEqual(touchesAfterDispose, [5], name)
        XCTAssertNil(watched, "\(name): released once the delivery that disposed returned")
    }

    func testSubscribe_terminatingReleasesTheClosuresAfterTheTerminalOneReturns() {
        for terminal in [Event<Int>.completed, .error(TestError.first)] {
            let subject = PublishSubject<Int>()
            var captured: Captured? = Captured()
            weak let watched = captured
            var aliveInTerminal = false
            var disposedCalls = 0
            // Captured by onNext only, so that the terminal closure running holds no reference.
            let subscription = subject.subscribe(
                onNext: { [captured] _ in captured?.touches += 1 },
                onError: { _ in aliveInTerminal = watched != nil },
                onCompleted: { aliveInTerminal = watched != nil },
                onDisposed: { disposedCalls += 1 })
            captured = nil
            subject.on(.next(1))
            XCTAssertNotNil(watched)
            subject.on(terminal)
            XCTAssertTrue(aliveInTerminal, "\(terminal)")
            XCTAssertNil(watched, "released on \(terminal), before the subscription is")
            XCTAssertEqual(disposedCalls, 1)
            subscription.dispose()
            XCTAssertEqual(disposedCalls, 1)
        }
    }

    func testSubscribe_closureCapturingItsOwnSubscription_isReleasedOnDispose() {
        let subject = PublishSubject<Int>()
        var captured: Captured? = Captured()
        weak let watched = captured
        var subscription: Disposable?
        subscription = subject.subscribe(onNext: { [captured] _ in
            _ = subscription  // a cycle: closure → subscription → closure
            captured?.touches += 1
        })
        captured = nil
        subject.on(.next(1))
        XCTAssertNotNil(watched)
        subscription?.dispose()
        XCTAssertNil(watched, "dispose breaks the cycle")
        subscription = nil
    }

    func testSubscribeWith_holdsTheObjectWeakly_andCallsNothingOnceItIsGone() {
        final class Owner {
            let log: Collector<String>
            init(_ log: Collector<String>) { self.log = log }
        }
        let log = Collector<String>()
        var owner: Owner? = Owner(log)
        weak let watched = owner
        let subject = PublishSubject<Int>()
        let maybe = PublishSubject<Int>()
        let completable = PublishSubject<Never>()
        let subscriptions = [
            subject.subscribe(with: owner!, onNext: { $0.log.append("next \($1)") }, onError: { $0.log.append("error \($1)") }, onCompleted: { $0.log.append("completed") }, onDisposed: { $0.log.append("disposed") }),
            maybe.asMaybe().subscribe(with: owner!, onSuccess: { $0.log.append("success \($1)") }, onDisposed: { $0.log.append("maybe disposed") }),
            completable.asCompletable().subscribe(with: owner!, onCompleted: { $0.log.append("completable completed") }, onDisposed: { $0.log.append("completable disposed") }),
        ]
        subject.onNext(1)
        XCTAssertEqual(log.values, ["next 1"])
        owner = nil
        XCTAssertNil(watched, "the subscriptions do not keep the object alive")
        subject.onNext(2)
        subject.onError(TestError.first)
        maybe.onNext(3)
        maybe.onCompleted()
        completable.onCompleted()
        XCTAssertEqual(log.values, ["next 1"], "nothing is called once the object is gone")
        subscriptions.forEach { $0.dispose() }
    }

    /// An error reaching a subscription with no `onError` goes to `Hooks.defaultErrorHandler`,
    /// once, with the call stack captured when it subscribed; `onDisposed` runs after it. With an
    /// `onError`, the hook is not called. Both sinks: the plain one, and the one that also does
    /// the work of a `subscribe(on:)` on a dispatch queue right in front of it.
    func testSubscribe_errorWithoutOnError_goesToTheDefaultErrorHandlerWithTheCallStack() {
        let log = Collector<String>()
        let previousHandler = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        let previousRecording = Hooks.recordCallStackOnError
        defer {
            Hooks.defaultErrorHandler = previousHandler
            Hooks.customCaptureSubscriptionCallstack = previousCapture
            Hooks.recordCallStackOnError = previousRecording
        }
        Hooks.recordCallStackOnError = true
        Hooks.customCaptureSubscriptionCallstack = { ["subscribed here"] }
        Hooks.defaultErrorHandler = { callStack, error in
            log.append("hook \(callStack) \(error as? TestError == .first)")
        }

        let subject = PublishSubject<Int>()
        let plain = subject.subscribe(onNext: { log.append("next \($0)") }, onDisposed: { log.append("disposed") })
        subject.on(.next(1))
        subject.on(.error(TestError.first))
        XCTAssertEqual(log.values, ["next 1", "hook [\"subscribed here\"] true", "disposed"])
        plain.dispose()
        log.removeAll()

        let handled = Observable<Int>.error(TestError.first).subscribe(onError: { _ in log.append("onError") })
        XCTAssertEqual(log.values, ["onError"], "an onError takes the error instead of the hook")
        handled.dispose()
        log.removeAll()

        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "default-error-handler")
        let done = expectation(description: "disposed on the queue")
        let queued = Observable<Int>.error(TestError.first)
            .subscribe(on: scheduler)
            .subscribe(onDisposed: { log.append("disposed"); done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.values, ["hook [\"subscribed here\"] true", "disposed"])
        queued.dispose()
    }

    /// One thread sends while another disposes at arbitrary moments: a closure in progress keeps
    /// its captures (it touches them after a pause), and nothing runs after dispose returned
    /// except at most the delivery already started.
    func testSubscribe_stress_disposeOnAnotherThreadDuringDeliveries() {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let inFlight = Counter()
            var captured: Captured? = Captured()
            let subscription = subject.subscribe(onNext: { [captured] _ in
                inFlight.increment()
                for _ in 0..<50 { captured?.touches += 1 }
                inFlight.decrement()
            })
            captured = nil
            let started = DispatchSemaphore(value: 0)
            let sender = Thread {
                started.signal()
                for value in 0..<200 { subject.on(.next(value)) }
            }
            sender.start()
            started.wait()
            subscription.dispose()
            while !sender.isFinished { usleep(100) }
            XCTAssertEqual(inFlight.value, 0)
        }
    }
}
