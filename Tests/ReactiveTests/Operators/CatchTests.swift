import Reactive
import ReactiveTest
import XCTest

final class CatchTests: ReactiveTestCase {
    func testCatch_switchesToHandlersObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.first)])
        let fallback = scheduler.createColdObservable([.next(10, 8), .completed(20)])
        var caught: [Error] = []
        let res = scheduler.start { xs.catch { error in
            caught.append(error)
            return fallback.asObservable()
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 8), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(caught.count, 1)
    }

    func testCatch_handlerThrows_andCompletionPassesThrough() {
        let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(230, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.catch { _ in throw TestError.second } }.events, [.next(210, 1), .error(230, TestError.second)])
        let completing: [Recorded<Event<Int>>] = [.next(210, 1), .completed(230)]
        XCTAssertEqual(runHot(completing) { $0.catchAndReturn(0) }.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(runHot(failing) { $0.catchAndReturn(0) }.events, [.next(210, 1), .next(230, 0), .completed(230)])
    }

    func testCatch_errorOfReplacementIsForwarded_andDisposeDuringReplacement() {
        let failing: [Recorded<Event<Int>>] = [.error(230, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.catch { _ in Observable.error(TestError.second) } }.events, [.error(230, TestError.second)])
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.first)])
        let fallback = scheduler.createColdObservable([.next(10, 8), .next(200, 9)])
        let res = scheduler.start(disposed: 300) { xs.catch { _ in fallback.asObservable() } }
        XCTAssertEqual(res.events, [.next(240, 8)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 300)])
    }

    func testCatch_sourceFailingInsideSubscribe_keepsTheHandlersSequence() {
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { next in Observable<Int>.error(TestError.first).catch { _ in next } }
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { next in Observable.catch(sequence: [Observable<Int>.error(TestError.first), next]) }
    }


    func testCatch_sourceFailingInsideSubscribe_subscribesTheHandlersSequenceAtOnce() {
        var log: [String] = []
        let source = Observable<Int>.create { observer in
            observer.onError(TestError.first)
            log.append("source went on after error")
            return Disposables.create()
        }
        _ = source.catch { _ in Observable<Int>.just(7, scheduler: ImmediateScheduler.instance) }.subscribe(onNext: { log.append("next \($0)") })
        XCTAssertEqual(log, ["next 7", "source went on after error"])
    }

    func testCatchSequence_movesOnAtEachError_endsWithTheLastErrorOrTheFirstCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.first)])
        let b = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.second)])
        let failing = scheduler.start { Observable.catch(sequence: [a, b].map { $0.asObservable() }) }
        XCTAssertEqual(failing.events, [.next(210, 1), .next(230, 2), .error(240, TestError.second)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let c = scheduler2.createColdObservable([.next(10, 1), .error(20, TestError.first)])
        let d = scheduler2.createColdObservable([.next(10, 2), .completed(20)])
        let e = scheduler2.createColdObservable([.next(10, 3), .completed(20)])
        let completing = scheduler2.start { Observable.catch(sequence: [c, d, e].map { $0.asObservable() }) }
        XCTAssertEqual(completing.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(e.subscriptions, [])
        XCTAssertEqual(Observable<Int>.catch(sequence: []).toEvents(), [.completed])
    }


    /// A handler returning a `catch` (`a.catch { _ in b.catch { _ in c } }`), which the sink
    /// takes over in place: `b` is subscribed before the failed `a` is disposed, as when the
    /// handler returns a plain sequence (RxSwift subscribes the handler's sequence, then swaps it
    /// into the slot that disposes the failed one). `a` fails after its subscription was kept.
    func testCatch_nestedCatchTakingOver_subscribesTheNewSourceBeforeDisposingTheFailedOne() {
        var log: [String] = []
        var fail: (() -> Void)?
        func source(_ name: String, failsLater: Bool) -> Observable<Int> {
            Observable.create { observer in
                log.append("\(name) subscribed")
                if failsLater { fail = { observer.onError(TestError.first) } }
                return Disposables.create { log.append("\(name) disposed") }
            }
        }
        let plain = source("a", failsLater: true).catch { _ in source("b", failsLater: false) }.subscribe()
        fail?()
        XCTAssertEqual(log, ["a subscribed", "b subscribed", "a disposed"], "a plain replacement")
        plain.dispose()
        log.removeAll()
        let nested = source("a", failsLater: true).catch { _ in source("b", failsLater: false).catch { _ in source("c", failsLater: false) } }.subscribe()
        fail?()
        XCTAssertEqual(log, ["a subscribed", "b subscribed", "a disposed"], "a nested catch taking over")
        nested.dispose()
        XCTAssertEqual(log, ["a subscribed", "b subscribed", "a disposed", "b disposed"])
        fail = nil  // it holds a's observer
    }
}
