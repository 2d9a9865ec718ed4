import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// The assumption `ContextFreeHandler` rests on: a function value is its code address and its
/// context, and one that captures nothing has no context and is rebuilt from its address alone.
/// If Swift laid function values out otherwise, these fail (or crash) rather than a subject.
final class ContextFreeHandlerTests: ReactiveTestCase {
    func testContextFreeHandler_handlerCapturingNothing_isKeptAndDeliversEveryEventIntact() throws {
        let contextFree = try XCTUnwrap(ContextFreeHandler<String> { target, event in (target as? Collector<Event<String>>)?.append(event) })
        let log = Collector<Event<String>>()
        // A string long enough to live on the heap: its reference must survive the trip.
        let long = String(repeating: "long value ", count: 20)
        contextFree.on(.next("short"), to: log)
        contextFree.on(.next(long), to: log)
        contextFree.on(.error(TestError.first), to: log)
        contextFree.on(.completed, to: log)
        XCTAssertEqual(log.values, [.next("short"), .next(long), .error(TestError.first), .completed])
    }

    func testContextFreeHandler_goesToTheTargetItIsGiven() throws {
        let contextFree = try XCTUnwrap(ContextFreeHandler<Int> { target, event in (target as? Collector<Event<Int>>)?.append(event) })
        let first = Collector<Event<Int>>()
        let second = Collector<Event<Int>>()
        contextFree.on(.next(1), to: first)
        contextFree.on(.next(2), to: second)
        XCTAssertEqual(first.values, [.next(1)])
        XCTAssertEqual(second.values, [.next(2)])
    }

    func testContextFreeHandler_handlerCapturingAValue_isNotKept() {
        let captured = Collector<Event<Int>>()
        XCTAssertNil(ContextFreeHandler<Int> { _, event in captured.append(event) })
    }
}
