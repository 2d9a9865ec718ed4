import Reactive
import ReactiveTest
import XCTest

/// A failing comparison of recorded events or subscriptions prints both sides as marble lines
/// on one time axis (one column a frame, the frame being the greatest common divisor of the
/// times drawn), the first difference marked and spelled out: these are the exact messages.
final class MarbleFailureMessageTests: FailureCapturingTestCase {
    func testExtraElement_isDrawnWhereItArrived() {
        let line: UInt = #line + 9
        assertFails(withMessage: """
            Recorded events differ; first difference at 230:
                      0                    210 250
            actual    ---------------------123-|
            expected  ---------------------12--|
                                             ↑ 230
            actual: next(3) @ 230; expected: completed @ 250
            """, atLine: line) {
            XCTAssertEqual(Recorded.events(.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)), [.next(210, 1), .next(220, 2), .completed(250)], line: line)
        }
    }

    func testMissingCompletion_leavesTheActualLineOpen() {
        let line: UInt = #line + 9
        assertFails(withMessage: """
            Recorded events differ; first difference at 250:
                      0                    210 250
            actual    ---------------------12---
            expected  ---------------------12--|
                                               ↑ 250
            actual: nothing; expected: completed @ 250
            """, atLine: line) {
            XCTAssertEqual(Recorded.events(.next(210, 1), .next(220, 2)), [.next(210, 1), .next(220, 2), .completed(250)], line: line)
        }
    }

    func testLateError_isACrossAtEachTime_explainedInTheLegend() {
        let line: UInt = #line + 10
        assertFails(withMessage: """
            Recorded events differ; first difference at 260:
                      0                    210  260 300
            actual    ---------------------1--------#
            expected  ---------------------1----#
                                                ↑ 260
            # = error(first)
            actual: error(first) @ 300; expected: error(first) @ 260
            """, atLine: line) {
            XCTAssertEqual(Recorded.events(.next(210, 1), .error(300, TestError.first)), [.next(210, 1), .error(260, TestError.first)], line: line)
        }
    }

    func testWrongValue_wideValuesGoInTheLegend() {
        let line: UInt = #line + 10
        assertFails(withMessage: """
            Recorded events differ; first difference at 220:
                      0                    210
            actual    ---------------------1a|
            expected  ---------------------12|
                                            ↑ 220
            a = 42
            actual: next(42) @ 220; expected: next(2) @ 220
            """, atLine: line) {
            XCTAssertEqual(Recorded.events(.next(210, 1), .next(220, 42), .completed(230)), [.next(210, 1), .next(220, 2), .completed(230)], line: line)
        }
    }

    func testEventsAtOneTime_areAGroup_andEveryLineMakesRoomForIt() {
        let line: UInt = #line + 10
        assertFails(withMessage: """
            Recorded events differ; first difference at 210:
                      0                    210 220
            actual    ---------------------(ba)|
            expected  ---------------------b---|
                                           ↑ 210
            b = hello
            actual: next(a) @ 210; expected: completed @ 220
            """, atLine: line) {
            XCTAssertEqual(Recorded.events(.next(210, "hello"), .next(210, "a"), .completed(220)), [.next(210, "hello"), .completed(220)], line: line)
        }
    }

    func testFarApartTimes_getAColumnEach_labelledWithTheirTime() {
        let line: UInt = #line + 9
        assertFails(withMessage: """
            Recorded events differ; first difference at 100000:
                      200 100000
            actual    1---2------
            expected  1----------
                          ↑ 100000
            actual: next(2) @ 100000; expected: nothing
            """, atLine: line) {
            XCTAssertEqual(Recorded.events(.next(200, 1), .next(100_000, 2)), [.next(200, 1)], line: line)
        }
    }

    func testDifferentSubscriptionIntervals_areDrawnFromSubscribeToDispose() {
        let line: UInt = #line + 10
        assertFails(withMessage: """
            Subscriptions differ; first difference at 450:
                      0   200  450  700   1000
            actual        ^---------------!
                                    ^------
            expected      ^----!
                                    ^------
                               ↑ 450
            actual: (200: 1000); expected: (200: 450)
            """, atLine: line) {
            XCTAssertEqual([Subscription(200, 1000), Subscription(700)], [Subscription(200, 450), Subscription(700)], line: line)
        }
    }

    func testSingle_successIsTheElementAndTheEndAtOnce() {
        let line: UInt = #line + 9
        assertFails(withMessage: """
            Recorded single events differ; first difference at 10:
                      0    20
            actual    -(3|)
            expected  -----(3|)
                       ↑ 10
            actual: success(3) @ 10; expected: success(3) @ 20
            """, atLine: line) {
            XCTAssertEqual([Recorded(time: 10, value: SingleEvent<Int>.success(3))], [Recorded(time: 20, value: .success(3))], line: line)
        }
    }
}
