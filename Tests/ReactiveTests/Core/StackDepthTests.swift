import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// Long chains of one operator that cost no stack per link where a loop, or a sink taking over
/// the next link, avoids it: measured as the stack used from where the last piece of work began
/// (the test's subscription, or the queue's block that sent the last event) to the chain's
/// element, for two lengths (the same, whatever the length), and run at full length.
final class StackDepthTests: ReactiveTestCase {
    private let queue = DispatchQueue(label: "StackDepthTests")
    /// Where the work that leads to the element began, on its thread (see `stackAddress`).
    private let workBegan = LockedBox(0)

    /// Completes on `queue`, later.
    private func completingLater() -> Completable {
        let queue = queue
        let workBegan = workBegan
        return Completable.create { completable in
            queue.async { [workBegan] in
                workBegan.mutate { $0 = stackAddress() }
                completable(.completed)
            }
            return Disposables.create()
        }
    }

    /// Fails on `queue`, later.
    private func failingLater() -> Observable<Int> {
        let queue = queue
        let workBegan = workBegan
        return Observable.create { observer in
            let sender = Unchecked(observer)
            queue.async { [workBegan] in
                workBegan.mutate { $0 = stackAddress() }
                sender.value.onError(TestError.first)
            }
            return Disposables.create()
        }
    }

    /// Subscribes `make(length)`, waits (60 s at most) for its element, and returns the stack
    /// used from where the work that led to it began.
    private func stackAtElement(_ length: Int, _ make: (Int) -> Observable<Int>, afterSubscribing: () -> Void = {}, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let used = LockedBox(-1)
        let arrived = DispatchSemaphore(value: 0)
        let chain = make(length)
        workBegan.mutate { $0 = stackAddress() }
        let subscription = chain.subscribe(onNext: { [workBegan] _ in
            let here = stackAddress()
            used.mutate { $0 = workBegan.value - here }
            arrived.signal()
        })
        workBegan.mutate { $0 = stackAddress() }
        afterSubscribing()
        XCTAssertEqual(arrived.wait(timeout: .now() + 60), .success, "a chain of \(length)", file: file, line: line)
        subscription.dispose()
        return used.value
    }

    /// The stack at the element is the same for a chain of `short` and of `long` links.
    private func assertNoStackPerLink(short: Int, long: Int, afterSubscribing: () -> Void = {}, file: StaticString = #filePath, line: UInt = #line, _ make: (Int) -> Observable<Int>) {
        let atShort = stackAtElement(short, make, afterSubscribing: afterSubscribing, file: file, line: line)
        let atLong = stackAtElement(long, make, afterSubscribing: afterSubscribing, file: file, line: line)
        XCTAssertGreaterThan(atShort, 0, file: file, line: line)
        XCTAssertEqual(atLong, atShort, "bytes of stack for \(long) links against \(short)", file: file, line: line)
    }

    // MARK: andThen

    private func andThenChain(_ length: Int, _ link: () -> Completable) -> Observable<Int> {
        var chain = link()
        for _ in 1..<length { chain = chain.andThen(link()) }
        return chain.andThen(Observable.just(1))
    }

    func testAndThenChainOfSynchronousCompletables_noStackPerLink() {
        assertNoStackPerLink(short: 1_000, long: 4_000) { length in andThenChain(length) { Completable.empty() } }
    }

    func testAndThenChainOfAsynchronousCompletables_noStackPerLink() {
        assertNoStackPerLink(short: 1_000, long: 4_000) { length in andThenChain(length) { completingLater() } }
    }

    /// 100,000 links: subscribed, run and released (releasing the chain's links one by one
    /// nested one release per link too).
    func testAndThenChainOf100000_completesAndIsReleased() {
        XCTAssertGreaterThan(stackAtElement(100_000) { length in andThenChain(length) { Completable.empty() } }, 0)
        XCTAssertGreaterThan(stackAtElement(100_000) { length in andThenChain(length) { completingLater() } }, 0)
    }

    // MARK: catch and retry

    /// `attempt(n) = request.catch { _ in attempt(n - 1) }`, each request failing later on a
    /// queue, the last attempt succeeding.
    private func attempt(_ remaining: Int) -> Observable<Int> {
        remaining == 0 ? Observable.just(1) : failingLater().catch { [self] _ in attempt(remaining - 1) }
    }

    func testCatchTakingOverItsHandlersCatch_noStackPerAttempt() {
        assertNoStackPerLink(short: 200, long: 1_000) { attempt($0) }
    }

    func testRetryOfASourceFailingLater_noStackPerAttempt() {
        assertNoStackPerLink(short: 200, long: 1_000) { attempts in
            let failures = Counter()
            let queue = queue
        let workBegan = workBegan
            return Observable<Int>.create { observer in
                let sender = Unchecked(observer)
                let fails = failures.increment() <= attempts
                queue.async { [workBegan] in
                    workBegan.mutate { $0 = stackAddress() }
                    if fails { sender.value.onError(TestError.first) } else { sender.value.onNext(1) }
                }
                return Disposables.create()
            }.retry()
        }
    }

    // MARK: nested retry, concat, startWith

    /// The subject the chains below start from; it sends once they are subscribed.
    private let subject = PublishSubject<Int>()

    /// `link` applied `length` times over `subject`.
    private func chainOverSubject(_ length: Int, _ link: (Observable<Int>) -> Observable<Int>) -> Observable<Int> {
        var chain = subject.asObservable()
        for _ in 0..<length { chain = link(chain) }
        return chain
    }

    /// The stack at an element sent through `link` chained `short` and `long` times is the same.
    private func assertNoStackPerLink(short: Int, long: Int, file: StaticString = #filePath, line: UInt = #line, link: @escaping (Observable<Int>) -> Observable<Int>) {
        assertNoStackPerLink(short: short, long: long, afterSubscribing: { self.subject.onNext(1) }, file: file, line: line) { chainOverSubject($0, link) }
    }

    func testNestedRetries_noStackPerLevel() {
        assertNoStackPerLink(short: 200, long: 1_000) { $0.retry() }
        assertNoStackPerLink(short: 200, long: 1_000) { $0.retry(3) }
    }

    func testNestedConcats_noStackPerLevel() {
        assertNoStackPerLink(short: 200, long: 1_000) { Observable.concat([Observable.empty(), $0]) }
    }

    func testStartWithChain_noStackPerLink() {
        assertNoStackPerLink(short: 200, long: 1_000) { $0.startWith() }
    }

    #if !DEBUG
    /// A million attempts, in optimised builds (a debug build takes too long for the suite).
    func testCatchChainOfAMillionAttempts_completes() {
        XCTAssertGreaterThan(stackAtElement(1_000_000) { attempt($0) }, 0)
    }
    #endif
}
