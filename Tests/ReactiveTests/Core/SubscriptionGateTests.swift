import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// Operators that subscribe a source later, from another thread (retry, retry(when:), catch,
/// concat, delaySubscription): once `dispose()` has returned, no source subscription starts,
/// so no side effect of the source begins after it. A disposal racing the subscription waits
/// for it to start; the source's events never run under that wait.
final class SubscriptionGateTests: ReactiveTestCase {
    /// Over `rounds` rounds: `operation` over a source whose every subscription records
    /// whether disposal had returned, and ends (`failing` or completing) on a concurrent queue,
    /// so that the operator subscribes again from that queue's threads; the test thread disposes
    /// after a short, varying spin. No subscription may start after `dispose()` returned.
    private func assertNoSubscriptionAfterDispose(rounds: Int, failing: Bool, file: StaticString = #filePath, line: UInt = #line, _ operation: @escaping (Observable<Int>) -> Observable<Int>) {
        let queue = DispatchQueue(label: "ends", attributes: .concurrent)
        let late = Counter()
        let subscriptions = Counter()
        for round in 0..<rounds {
            let disposed = Flag()
            let source = Observable<Int>.create { observer in
                subscriptions.increment()
                if disposed.isSet { late.increment() }
                let sender = Unchecked(observer)
                queue.async {
                    if failing { sender.value.onError(TestError.first) } else { sender.value.onCompleted() }
                }
                return Disposables.create()
            }
            let subscription = operation(source).subscribe(onError: { _ in })
            spinWait(nanoseconds: UInt64(round % 50) * 2_000)
            subscription.dispose()
            disposed.set()
        }
        // Let the queue's last ends run: none of them may subscribe again.
        queue.sync(flags: .barrier) {}
        Thread.sleep(forTimeInterval: 0.01)
        XCTAssertEqual(late.value, 0, "subscriptions started after dispose() returned, of \(subscriptions.value)", file: file, line: line)
    }

    func testRetry_noSubscriptionAfterDispose() {
        assertNoSubscriptionAfterDispose(rounds: 2_000, failing: true) { $0.retry() }
    }

    func testRetryWhen_noSubscriptionAfterDispose() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        assertNoSubscriptionAfterDispose(rounds: 2_000, failing: true) { source in
            source.retry { (errors: Observable<TestError>) in errors.observe(on: scheduler).map { _ in () } }
        }
    }

    func testCatch_noSubscriptionAfterDispose() {
        assertNoSubscriptionAfterDispose(rounds: 2_000, failing: true) { source in
            source.catch { _ in source.catch { _ in source.catch { _ in source } } }
        }
    }

    func testConcat_noSubscriptionAfterDispose() {
        assertNoSubscriptionAfterDispose(rounds: 2_000, failing: false) { source in
            Observable.concat(Swift.repeatElement(source, count: 1_000))
        }
    }

    func testDelaySubscription_noSubscriptionAfterDispose() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        assertNoSubscriptionAfterDispose(rounds: 2_000, failing: false) { source in
            source.delaySubscription(.nanoseconds(0), scheduler: scheduler)
        }
    }

    /// A source that completes on `queue` once `go` is signalled: the test signals it once
    /// subscribing returned, so that the next source is subscribed on the queue, not by the
    /// subscribing loop on the test's thread.
    private func completing(on queue: DispatchQueue, after go: DispatchSemaphore) -> Observable<Int> {
        ending(on: queue, after: go, with: nil)
    }

    /// Ends on `queue` once `go` is signalled: with `error`, or completes without one.
    private func ending(on queue: DispatchQueue, after go: DispatchSemaphore, with error: Swift.Error?) -> Observable<Int> {
        Observable<Int>.create { observer in
            let sender = Unchecked(observer)
            queue.async {
                _ = go.wait(timeout: .now() + 5)
                if let error { sender.value.onError(error) } else { sender.value.onCompleted() }
            }
            return Disposables.create()
        }
    }

    /// The next source sends inside its `subscribe`, and the observer, on that thread, waits for
    /// a disposal on another thread: the disposal does not wait for the observer (the gate is
    /// released at the source's first event), so neither waits for ever.
    func testObserverWaitingForTheDisposingThread_doesNotDeadlock() {
        let queue = DispatchQueue(label: "first ends")
        let go = DispatchSemaphore(value: 0)
        let first = completing(on: queue, after: go)
        let inObserver = DispatchSemaphore(value: 0)
        let disposedReturned = DispatchSemaphore(value: 0)
        let waited = LockedBox<DispatchTimeoutResult?>(nil)
        let subscription = Observable.concat(first, Observable.just(1)).subscribe(onNext: { _ in
            inObserver.signal()
            waited.mutate { $0 = disposedReturned.wait(timeout: .now() + 5) }
        })
        go.signal()
        XCTAssertEqual(inObserver.wait(timeout: .now() + 5), .success)
        subscription.dispose()
        disposedReturned.signal()
        queue.sync {}
        XCTAssertEqual(waited.value, .success)
    }

    /// The same for `catch`: the handler's sequence sends inside its `subscribe`, and so does a
    /// handler's sequence that is itself a `catch`, whose source the sink runs itself.
    func testCatch_observerWaitingForTheDisposingThread_doesNotDeadlock() {
        let handlers: [(String, Observable<Int>)] = [
            ("the handler's sequence", Observable.just(1)),
            ("a catch as the handler's sequence", Observable.just(1).catch { _ in .empty() }),
        ]
        for (name, next) in handlers {
            let queue = DispatchQueue(label: "first fails")
            let go = DispatchSemaphore(value: 0)
            let first = ending(on: queue, after: go, with: TestError.first)
            let inObserver = DispatchSemaphore(value: 0)
            let disposedReturned = DispatchSemaphore(value: 0)
            let waited = LockedBox<DispatchTimeoutResult?>(nil)
            let subscription = first.catch { _ in next }.subscribe(onNext: { _ in
                inObserver.signal()
                waited.mutate { $0 = disposedReturned.wait(timeout: .now() + 2) }
            })
            go.signal()
            XCTAssertEqual(inObserver.wait(timeout: .now() + 5), .success, name)
            subscription.dispose()
            disposedReturned.signal()
            queue.sync {}
            XCTAssertEqual(waited.value, .success, name)
        }
    }

    /// A disposal from inside the source's own `subscribe`, on the subscribing thread, goes
    /// through the gate that thread holds.
    func testDisposalFromInsideTheNextSourcesSubscribe_goesThrough() {
        let queue = DispatchQueue(label: "first ends")
        var subscription: Disposable?
        let handle = LockedBox<Disposable?>(nil)
        let second = Observable<Int>.create { observer in
            handle.value?.dispose()
            observer.onNext(2)
            return Disposables.create()
        }
        let go = DispatchSemaphore(value: 0)
        let first = completing(on: queue, after: go)
        let received = Collector<Int>()
        subscription = Observable.concat(first, second).subscribe(onNext: { received.append($0) })
        handle.mutate { $0 = subscription }
        go.signal()
        queue.sync {}
        XCTAssertEqual(received.values, [], "disposed before the element")
        subscription?.dispose()
    }
}
