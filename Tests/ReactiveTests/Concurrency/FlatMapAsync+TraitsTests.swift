import Dispatch
import Foundation
import Reactive
import ReactiveBlocking
import TestSupport
import XCTest

/// The async flattening operators of `Infallible`, `Single`, `Maybe`, `Driver` and `Signal`:
/// each keeps its trait's promise and behaves as the `Observable` form.
final class FlatMapAsyncTraitsTests: ReactiveTestCase {
    func testInfallible_flatMapAndConcatMap_sendEveryResult() throws {
        let source = Infallible.from([1, 2, 3])
        let merged: Infallible<Int> = source.flatMap { value async in value * 10 }
        let concatenated: Infallible<Int> = source.concatMap { value async in value * 10 }
        XCTAssertEqual(try merged.asObservable().toBlocking(timeout: 5).toArray().sorted(), [10, 20, 30])
        XCTAssertEqual(try concatenated.asObservable().toBlocking(timeout: 5).toArray(), [10, 20, 30])
    }

    /// While 1's task runs, 2 arrives: `flatMapLatest` cancels 1's (whose late result is
    /// dropped), `flatMapFirst` drops 2.
    func testInfallible_flatMapLatestAndFlatMapFirst_whileATaskRuns() async {
        for form in ["flatMapLatest", "flatMapFirst"] {
            let gates = WorkGates(honoursCancellation: false)
            let source = PublishRelay<Int>()
            let work: @Sendable (Int) async -> Int = { value in (try? await gates.run(value)) ?? -1 }
            let chain: Infallible<Int> = form == "flatMapLatest" ? source.asInfallible().flatMapLatest(work) : source.asInfallible().flatMapFirst(work)
            let log = EventLog()
            let check = Resources.total
            log.subscribe(chain.asObservable())
            source.accept(1)
            await eventually { gates.started == [1] }
            source.accept(2)
            if form == "flatMapLatest" {
                await eventually { gates.cancelled == [1] && gates.started == [1, 2] }
            }
            gates.open(1, returning: 10)
            gates.open(2, returning: 20)
            await eventually { log.events.count == 1 }
            log.dispose()
            await settled(since: check)
            XCTAssertEqual(log.events, [form == "flatMapLatest" ? "next 20" : "next 10"], form)
            XCTAssertEqual(gates.started, form == "flatMapLatest" ? [1, 2] : [1], form)
        }
    }

    func testSingle_flatMap_succeedsWithTheResult_orFailsWithTheError() throws {
        let success: Single<String> = Single.just(2).flatMap { value async throws in "\(value * 10)" }
        XCTAssertEqual(try success.toBlocking(timeout: 5).single(), "20")
        let failure: Single<Int> = Single.just(2).flatMap { _ async throws -> Int in throw TestError.first }
        XCTAssertThrowsError(try failure.toBlocking(timeout: 5).single()) { XCTAssertEqual($0 as? TestError, .first) }
    }

    func testSingle_flatMap_disposedWhileTheTaskRuns_cancelsIt() async {
        let gates = WorkGates()
        let check = Resources.total
        do {
            let subscription = Single.just(1).flatMap { try await gates.run($0) }.subscribe()
            await eventually { gates.started == [1] }
            subscription.dispose()
            await eventually { gates.cancelled == [1] }
        }
        await settled(since: check)
    }

    func testMaybe_flatMap_element_orEmptyWithoutCallingTheClosure() throws {
        let calls = Counter()
        let element: Maybe<Int> = Maybe.just(3).flatMap { value async throws in
            calls.increment()
            return value + 1
        }
        XCTAssertEqual(try element.asObservable().toBlocking(timeout: 5).toArray(), [4])
        let empty: Maybe<Int> = Maybe<Int>.empty().flatMap { value async throws in
            calls.increment()
            return value + 1
        }
        XCTAssertEqual(try empty.asObservable().toBlocking(timeout: 5).toArray(), [])
        XCTAssertEqual(calls.value, 1)
    }

    /// A `Driver`'s results come on the main thread (from tasks on other threads), and the
    /// latest element's only: 1's task, cancelled by 2 and finishing late, is never sent.
    func testDriver_flatMapLatest_latestResultOnly_onTheMainThread() {
        MainActor.assumeIsolated {
            let gates = WorkGates(honoursCancellation: false)
            let source = PublishRelay<Int>()
            let received = Collector<String>()
            let subscription = source.asDriver(onErrorJustReturn: 0)
                .flatMapLatest { value async in (try? await gates.run(value)) ?? -1 }
                .drive(onNext: { received.append("\($0) \(Thread.isMainThread ? "main" : "off main")") })
            source.accept(1)
            runMainLoop(until: { gates.started == [1] }, timeout: 5)
            source.accept(2)
            runMainLoop(until: { gates.cancelled == [1] && gates.started == [1, 2] }, timeout: 5)
            gates.open(1, returning: 10)
            runMainLoop(until: { gates.finished == [1] }, timeout: 5)
            gates.open(2, returning: 20)
            runMainLoop(until: { !received.values.isEmpty }, timeout: 5)
            // A moment for a stale result queued on the main queue to show.
            runMainLoop(until: { false }, timeout: 0.05)
            XCTAssertEqual(received.values, ["20 main"])
            subscription.dispose()
        }
    }

    func testSignal_flatMapAndFlatMapFirst_resultsOnTheMainThread() {
        MainActor.assumeIsolated {
            let source = PublishRelay<Int>()
            let received = Collector<String>()
            let merged = source.asSignal()
                .flatMap { value async in value * 10 }
                .emit(onNext: { received.append("flatMap \($0) \(Thread.isMainThread)") })
            let first = source.asSignal()
                .flatMapFirst { value async in value * 100 }
                .emit(onNext: { received.append("flatMapFirst \($0) \(Thread.isMainThread)") })
            source.accept(1)
            runMainLoop(until: { received.values.count == 2 }, timeout: 5)
            XCTAssertEqual(received.values.sorted(), ["flatMap 10 true", "flatMapFirst 100 true"])
            merged.dispose()
            first.dispose()
        }
    }

    /// The sync forms of the traits are still selected by sync closures returning the trait.
    func testTraitOverloads_syncClosures_keepTheSyncForms() throws {
        let start = Resources.total
        let infallible: Infallible<Int> = Infallible.just(1).flatMapLatest { Infallible.just($0 + 1) }
        XCTAssertEqual(try infallible.asObservable().toBlocking().toArray(), [2])
        let maybe: Maybe<Int> = Maybe.just(1).flatMap { Maybe.just($0 + 1) }
        XCTAssertEqual(try maybe.asObservable().toBlocking().toArray(), [2])
        MainActor.assumeIsolated {
            let driver: Driver<Int> = Driver.just(1).flatMapLatest { Driver.just($0 + 1) }
            var received: [Int] = []
            let subscription = driver.drive(onNext: { received.append($0) })
            runMainLoop(until: { received == [2] }, timeout: 5)
            XCTAssertEqual(received, [2])
            subscription.dispose()
            // Its disposal on the main queue: run it, for the leak check.
            runMainLoop(until: { Resources.total == start }, timeout: 1)
        }
    }
}
