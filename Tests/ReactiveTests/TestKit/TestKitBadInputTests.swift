import Reactive
import ReactiveTest
import Testing
import XCTest

/// Each mistake a user can make with the test kit fails the test at the caller's line, naming
/// the mistake, and the run goes on (a precondition would stop the whole test process, and
/// every later test's result with it): these are the exact messages.
final class TestKitBadInputTests: FailureCapturingTestCase {
    // MARK: marbles

    func testMarbles_symbolWithNoValue_failsNamingItsTimeAndType_andLeavesItOut() {
        var events: [Recorded<Event<Int>>] = []
        let line: UInt = #line + 2
        assertFails(withMessage: #"Marble diagram "-a-b-|": no value for 'b' (at 30) of type Int: give it in `values`"#, atLine: line) {
            events = Marbles.events("-a-b-|", values: ["a": 1])
        }
        XCTAssertEqual(events, [.next(10, 1), .completed(50)])
    }

    func testMarbles_unclosedGroup_fails() {
        let line: UInt = #line + 2
        assertFails(withMessage: #"Marble diagram "-(ab-|": a group is left open (no ')')"#, atLine: line) {
            _ = Marbles.events("-(ab-|") as [Recorded<Event<String>>]
        }
    }

    func testMarbles_closingWithoutOpening_andNestedGroups_fail() {
        var line: UInt = #line + 2
        assertFails(withMessage: #"Marble diagram "-a)-|": ')' with no '(' before it"#, atLine: line) {
            _ = Marbles.events("-a)-|") as [Recorded<Event<String>>]
        }
        line = #line + 2
        assertFails(withMessage: #"Marble diagram "-((a)-|": a group inside a group at '(' (groups do not nest)"#, atLine: line) {
            _ = Marbles.events("-((a)-|") as [Recorded<Event<String>>]
        }
    }

    func testMarbles_badSubscriptionDiagrams_fail() {
        let cases = [
            ("---!", #"Subscription diagram "---!": '!' before '^' (disposed before it was subscribed)"#),
            ("----", #"Subscription diagram "----": no '^' (where the subscription starts)"#),
            ("-^-^-!", #"Subscription diagram "-^-^-!": two '^' (one subscription a diagram)"#),
            ("-^-!-!", #"Subscription diagram "-^-!-!": two '!' (one subscription a diagram)"#),
        ]
        for (diagram, message) in cases {
            var subscription: Subscription?
            let line: UInt = #line + 2
            assertFails(withMessage: message, atLine: line) {
                subscription = Marbles.subscription(diagram)
            }
            XCTAssertEqual(subscription, Subscription(0, 0))
        }
    }

    func testMarbleObservable_mistakeIsReportedAtTheCreatingLine() {
        let scheduler = TestScheduler(initialClock: 0)
        let line: UInt = #line + 2
        assertFails(withMessage: #"Marble diagram "-x-|": no value for 'x' (at 10) of type Int: give it in `values`"#, atLine: line) {
            _ = scheduler.createColdObservable("-x-|", values: [Character: Int]())
        }
    }

    // MARK: recorded events

    func testColdEvent_atANegativeTime_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let line: UInt = #line + 2
        assertFails(withMessage: "Test observable ys: next(1) @ -10 is before 0, when it was made: left out", atLine: line) {
            _ = scheduler.createColdObservable([.next(-10, 1), .next(10, 2)], name: "ys")
        }
    }

    func testHotEvent_beforeTheClock_failsAndIsLeftOut() {
        let scheduler = TestScheduler(initialClock: 300)
        let line: UInt = #line + 2
        assertFails(withMessage: "Test observable xs: next(1) @ 210 is before 300, when it was made: left out", atLine: line) {
            _ = scheduler.createHotObservable([.next(210, 1), .next(310, 2)], name: "xs")
        }
        scheduler.start()  // the event at 310 holds the observable until it has run
    }

    // MARK: driving the clock

    func testStart_twice_failsAndRunsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.start { Observable.just(1) }
        var second: TestableObserver<Int>?
        let line: UInt = #line + 2
        assertFails(withMessage: "TestScheduler.start: the clock is already at 1000, past created 100: start runs a scheduler once (this one ran already, or was advanced); make a new TestScheduler for each run", atLine: line) {
            second = scheduler.start { Observable.just(2) }
        }
        XCTAssertEqual(second?.events ?? [], [])
    }

    func testAdvanceTo_aPastTime_failsAndDoesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.advanceTo(300)
        let line: UInt = #line + 2
        assertFails(withMessage: "TestScheduler.advanceTo(200): the clock is already at 300; virtual time does not go back", atLine: line) {
            scheduler.advanceTo(200)
        }
        XCTAssertEqual(scheduler.clock, 300)
    }

    func testAdvanceTo_fromWorkTheSchedulerRuns_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let line: UInt = #line + 3
        assertFails(withMessage: "TestScheduler.advanceTo(500) was called while the scheduler runs (from work it runs): it does nothing", atLine: line) {
            scheduler.scheduleAt(100) {
                scheduler.advanceTo(500)
            }
            scheduler.start()
        }
        XCTAssertEqual(scheduler.clock, 100)
    }

    func testSleep_aNegativeInterval_failsAndTheClockStays() {
        let scheduler = TestScheduler(initialClock: 50)
        let line: UInt = #line + 2
        assertFails(withMessage: "TestScheduler.sleep(-10): a negative interval; virtual time does not go back", atLine: line) {
            scheduler.sleep(-10)
        }
        XCTAssertEqual(scheduler.clock, 50)
    }

    func testScheduleAt_aPastTime_failsAndDoesNotRunTheAction() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.advanceTo(300)
        var ran = false
        let line: UInt = #line + 2
        assertFails(withMessage: "TestScheduler.scheduleAt(250): the clock is already at 300; virtual time does not go back", atLine: line) {
            scheduler.scheduleAt(250) { ran = true }
        }
        scheduler.start()
        XCTAssertFalse(ran)
    }
}

/// From Swift Testing, the same mistakes record an issue at the caller's line, and the test
/// (and the run) go on.
@Suite struct TestKitBadInputSwiftTestingTests {
    @Test func marbleWithNoValue_recordsAnIssue_andTheTestGoesOn() {
        var events: [Recorded<Event<Int>>] = []
        withKnownIssue {
            events = Marbles.events("-a-z|", values: ["a": 1])
        } matching: { issue in
            issue.comments.contains { $0.rawValue == #"Marble diagram "-a-z|": no value for 'z' (at 30) of type Int: give it in `values`"# }
        }
        #expect(events == [.next(10, 1), .completed(40)])
    }

    @Test func startTwice_recordsAnIssue() {
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.start { Observable.just(1) }
        withKnownIssue {
            _ = scheduler.start { Observable.just(2) }
        }
    }
}
