import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// A bad count given to an operator of a type that promises never to fail (Driver, Signal,
/// Infallible) must not make it fail: it behaves as RxSwift's does where RxSwift goes on
/// (`skip(-1)` skips nothing), ends where RxSwift stops the program (`take(-1)` takes nothing),
/// and says so on standard error, naming the operator, the type and the count.
final class NeverFailingBadArgumentTests: ReactiveTestCase {
    private func events<Element>(_ make: @escaping (TestScheduler, TestableObservable<Int>) -> Observable<Element>) -> (events: [Recorded<Event<Element>>], written: String) {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Recorded<Event<Element>>] = []
        let written = captureStandardError {
            SharingScheduler.mock(scheduler: scheduler) {
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
                events = scheduler.start { make(scheduler, xs) }.events
            }
        }
        return (events, written)
    }

    func testDriverSkipNegative_skipsNothing_andSaysSo() {
        let result = events { _, xs in xs.asDriver(onErrorJustReturn: 0).skip(-1).asObservable() }
        XCTAssertEqual(result.events, [.next(211, 1), .next(221, 2), .completed(231)])
        XCTAssertTrue(result.written.contains("skip(-1)"), result.written)
        XCTAssertTrue(result.written.contains("SharedSequence<DriverSharingStrategy, Int>"), result.written)
    }

    func testSignalSkipNegative_skipsNothing_andSaysSo() {
        let result = events { _, xs in xs.asSignal(onErrorJustReturn: 0).skip(-2).asObservable() }
        XCTAssertEqual(result.events, [.next(211, 1), .next(221, 2), .completed(231)])
        XCTAssertTrue(result.written.contains("skip(-2)"), result.written)
        XCTAssertTrue(result.written.contains("SignalSharingStrategy"), result.written)
    }

    func testInfallibleSkipNegative_skipsNothing_andSaysSo() {
        let result = events { _, xs in xs.asInfallible(onErrorJustReturn: 0).skip(-1).asObservable() }
        XCTAssertEqual(result.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertTrue(result.written.contains("skip(-1)") && result.written.contains("Infallible<Int>"), result.written)
    }

    func testInfallibleTakeNegative_takesNothing_andSaysSo() {
        let result = events { _, xs in xs.asInfallible(onErrorJustReturn: 0).take(-1).asObservable() }
        XCTAssertEqual(result.events, [.completed(200)])
        XCTAssertTrue(result.written.contains("take(-1)") && result.written.contains("Infallible<Int>"), result.written)
    }

    func testGoodCounts_sayNothing() {
        let result = events { _, xs in xs.asDriver(onErrorJustReturn: 0).skip(1).asObservable() }
        XCTAssertEqual(result.events, [.next(221, 2), .completed(231)])
        XCTAssertEqual(result.written, "")
        let infallible = events { _, xs in xs.asInfallible(onErrorJustReturn: 0).take(0).skip(0).asObservable() }
        XCTAssertEqual(infallible.events, [.completed(200)])
        XCTAssertEqual(infallible.written, "")
    }
}
