import Foundation
import Reactive
import ReactiveTest
import XCTest

/// Every test is a leak test: the live resource count must return to where it started.
class ReactiveTestCase: LeakCheckingTestCase {}

enum TestError: Error, Equatable {
    case first
    case second
}

/// Counts safely across threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = 0
    var value: Int { lock.withLock { storage } }
    @discardableResult func increment() -> Int { lock.withLock { storage += 1; return storage } }
    @discardableResult func decrement() -> Int { lock.withLock { storage -= 1; return storage } }
}

/// Collects values safely across threads.
final class Collector<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    var values: [Value] { lock.withLock { storage } }
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
}

/// Hands a value to another thread in a test that synchronises access itself.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension ReactiveTestCase {
    /// Runs `operation` over a fresh hot observable of `events`, subscribed at 200 and disposed at
    /// `disposed`: the recorded output and the source's subscriptions.
    func runHot<Element, Result>(_ events: [Recorded<Event<Element>>], disposed: TestTime = 1000, _ operation: @escaping (Observable<Element>) -> Observable<Result>) -> (events: [Recorded<Event<Result>>], subscriptions: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start(disposed: disposed) { operation(source.asObservable()) }
        return (observer.events, source.subscriptions)
    }
}

extension ReactiveTestCase {
    /// For a combining operator of three sources: the second fails while it is being subscribed.
    /// The error is sent at once, the first source's subscription and the failing one are
    /// disposed, and the third source is never subscribed.
    func assertSourceFailingWhileSubscribed_endsEverything(_ combine: @escaping (Observable<Int>, Observable<Int>, Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1)])
        let later = scheduler.createColdObservable([.next(10, 2)])
        let failingSubscription = BooleanDisposable()
        let failing = Observable<Int>.create { observer in
            observer.onError(TestError.first)
            return failingSubscription
        }
        let res = scheduler.start { combine(first.asObservable(), failing, later.asObservable()) }
        XCTAssertEqual(res.events, [.error(200, TestError.first)], file: file, line: line)
        XCTAssertEqual(first.subscriptions, [Subscription(200, 200)], file: file, line: line)
        XCTAssertTrue(failingSubscription.isDisposed, file: file, line: line)
        XCTAssertEqual(later.subscriptions, [], file: file, line: line)
    }
}

/// A value that counts its live instances, to check that an operator releases what it stored.
final class LiveValue: @unchecked Sendable, CustomStringConvertible {
    let id: Int
    private let live: Counter

    init(_ id: Int, live: Counter) {
        self.id = id
        self.live = live
        live.increment()
    }

    deinit { live.decrement() }

    var description: String { "\(id)" }
}
