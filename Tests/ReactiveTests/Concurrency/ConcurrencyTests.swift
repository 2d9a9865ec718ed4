import Foundation
import Reactive
import ReactiveBlocking
import TestSupport
import XCTest

final class ConcurrencyTests: ReactiveTestCase {
    func testValues_inOrder_thenFinish() async throws {
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { received.append(value) }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testValues_errorIsThrown() async {
        var received: [Int] = []
        do {
            for try await value in Observable.concat(Observable.of(1), Observable.error(TestError.first)).values { received.append(value) }
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .first)
        }
        XCTAssertEqual(received, [1])
    }

    func testValues_breakingOutDisposesTheSubscription() async throws {
        let subject = PublishSubject<Int>()
        let task = Task {
            var received: [Int] = []
            for try await value in subject.values {
                received.append(value)
                if value == 2 { break }
            }
            return received
        }
        while !subject.hasObservers { await Task.yield() }
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let received = try await task.value
        XCTAssertEqual(received, [1, 2])
        XCTAssertFalse(subject.hasObservers, "ending the iteration disposed the subscription")
    }

    func testValues_taskCancellationDisposesTheSubscription() async throws {
        let subject = PublishSubject<Int>()
        let task = Task {
            for try await _ in subject.values {}
        }
        while !subject.hasObservers { await Task.yield() }
        task.cancel()
        _ = try? await task.value
        while subject.hasObservers { await Task.yield() }
        XCTAssertFalse(subject.hasObservers)
    }

    func testValues_boundedBufferingKeepsTheNewest_forASlowConsumer() async throws {
        let subject = PublishSubject<Int>()
        let stream = subject.values(bufferingPolicy: .bufferingNewest(1))
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onCompleted()
        var received: [Int] = []
        for try await value in stream { received.append(value) }
        XCTAssertEqual(received, [3])
    }

    func testSingleMaybeCompletableValues() async throws {
        let single = try await Single.just(4).value
        XCTAssertEqual(single, 4)
        let maybe = try await Maybe<Int>.empty().value
        XCTAssertNil(maybe)
        try await Completable.empty().value
        do {
            _ = try await Single<Int>.error(TestError.first).value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .first)
        }
        var infallible: [Int] = []
        for await value in Infallible.of(1, 2).values { infallible.append(value) }
        XCTAssertEqual(infallible, [1, 2])
    }

    @MainActor
    func testSharedSequenceValues_neverThrow_finishAtCompletion_andCancellingDisposes() async {
        let subject = PublishSubject<Int>()
        var driver: Driver<Int>?
        var signal: Signal<Int>?
        SharingScheduler.mock(scheduler: ImmediateWorkScheduler()) {
            driver = Driver.of(1, 2, 3)
            signal = subject.asSignal(onErrorJustReturn: -1)
        }
        guard let driver, let signal else { return XCTFail("not made") }
        var received: [Int] = []
        // `for await`, not `for try await`: the stream is an AsyncStream.
        for await value in driver.values { received.append(value) }
        XCTAssertEqual(received, [1, 2, 3])
        let signalled = Collector<Int>()
        let task = Task { @MainActor in
            for await value in signal.values { signalled.append(value) }
        }
        while !subject.hasObservers { await Task.yield() }
        subject.onNext(4)
        while signalled.values.isEmpty { await Task.yield() }
        task.cancel()
        await task.value
        XCTAssertEqual(signalled.values, [4])
        XCTAssertFalse(subject.hasObservers, "cancelling the iteration disposed the subscription")
    }

    func testSingleValue_cancellationDisposesAndThrows() async {
        let subject = PublishSubject<Int>()
        let task = Task { try await subject.asSingle().value }
        while !subject.hasObservers { await Task.yield() }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testAsyncSequenceAsObservable_inOrder_errorAndDisposalCancelsTheTask() async throws {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        let values = try await stream.asObservable().toArray().value
        XCTAssertEqual(values, [1, 2, 3])

        struct Failing: AsyncSequence, Sendable {
            struct Iterator: AsyncIteratorProtocol {
                var sent = false
                mutating func next() async throws -> Int? {
                    if sent { throw TestError.first }
                    sent = true
                    return 1
                }
            }
            func makeAsyncIterator() -> Iterator { Iterator() }
        }
        do {
            _ = try await Observable.from(Failing()).toArray().value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .first)
        }

        let (endless, continuation) = AsyncStream<Int>.makeStream()
        let terminated = Counter()
        continuation.onTermination = { _ in terminated.increment() }
        let received = Counter()
        let subscription = endless.asObservable().subscribe(onNext: { _ in received.increment() })
        continuation.yield(1)
        while received.value < 1 { await Task.yield() }
        subscription.dispose()
        while terminated.value == 0 { await Task.yield() }
        XCTAssertEqual(terminated.value, 1, "disposing cancelled the iterating task")
    }

    func testAsyncSequenceAsObservable_withPriority_sendsEveryElementThenCompletes() throws {
        let numbers = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        XCTAssertEqual(try numbers.asObservable(priority: .low).toBlocking(timeout: 5).toArray(), [1, 2, 3])
    }


    func testValues_iterationCancelledBeforeAnyEvent_throwsCancellationError() async {
        let outcome = Collector<String>()
        let task = Task {
            do {
                for try await _ in Observable<Int>.never().values {}
                outcome.append("finished")
            } catch is CancellationError {
                outcome.append("cancelled")
            } catch {
                outcome.append("\(error)")
            }
        }
        task.cancel()
        await task.value
        XCTAssertEqual(outcome.values, ["cancelled"])
    }

}
