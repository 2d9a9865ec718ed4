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
