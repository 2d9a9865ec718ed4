import Reactive
import ReactiveTest
import XCTest

/// The `TestScheduler`'s log: subscribe, dispose, sent and received events in the order they
/// happened, which `Recorded` times cannot tell apart at one virtual time.
final class TestLogTests: FailureCapturingTestCase {
    func testLog_catch_subscribesTheReplacementBeforeDisposingTheFailedSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)], name: "xs")
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)], name: "ys")
        _ = scheduler.start { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .received(210, .next(1)),
            .error("xs", 220, TestError.first),
            .subscribed("ys", 220), .disposed("xs", 220),
            .next("ys", 230, 2), .received(230, .next(2)),
            .completed("ys", 240), .received(240, Event<Int>.completed), .disposed("ys", 240),
        ])
    }

    /// A hot event nobody is subscribed to is not logged (nothing was sent); each subscriber of
    /// a cold observable gets its own `sent` entries; unnamed observables are `hot1`, `cold1`, ….
    func testLog_namesAndSends_perSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(150, "early"), .next(210, "a")])
        let cold = scheduler.createColdObservable([.next(5, "b")])
        let other = scheduler.createObserver(String.self, name: "other")
        scheduler.scheduleAt(200) { _ = hot.subscribe(other) }
        scheduler.scheduleAt(300) { _ = cold.subscribe(other) }
        scheduler.start()
        XCTAssertEqual(hot.name, "hot1")
        XCTAssertEqual(cold.name, "cold1")
        XCTAssertEqual(scheduler.log, [
            .subscribed("hot1", 200),
            .next("hot1", 210, "a"), .received(210, .next("a"), by: "other"),
            .subscribed("cold1", 300),
            .next("cold1", 305, "b"), .received(305, .next("b"), by: "other"),
        ])
    }

    func testLogEntry_descriptions() {
        XCTAssertEqual(TestLogEntry.subscribed("xs", 200).description, "200 xs subscribed")
        XCTAssertEqual(TestLogEntry.disposed("xs", 300).description, "300 xs disposed")
        XCTAssertEqual(TestLogEntry.next("xs", 210, "a").description, #"210 xs sent next("a")"#)
        XCTAssertEqual(TestLogEntry.error("xs", 220, TestError.first).description, "220 xs sent error(first)")
        XCTAssertEqual(TestLogEntry.received(230, Event<Int>.completed).description, "230 observer received completed")
    }

    /// A failing comparison prints both logs as aligned lines, marking each line that differs.
    func testLogAssertion_failure_printsBothLogsAligned() {
        let line: UInt = #line + 10
        assertFails(withMessage: """
            Logs differ, first at line 2:
               actual                         |  expected
               200 xs subscribed              |  200 xs subscribed
            ✗  210 xs disposed                |  210 ys subscribed
            ✗  210 ys subscribed              |  210 xs disposed
            ✗  220 observer received next(1)  |  —
            """, atLine: line) {
            XCTAssertEqual([.subscribed("xs", 200), .disposed("xs", 210), .subscribed("ys", 210), .received(220, .next(1))], [.subscribed("xs", 200), .subscribed("ys", 210), .disposed("xs", 210)], line: line)
        }
    }
}
