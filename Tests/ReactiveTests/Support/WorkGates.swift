import Foundation
import Reactive
import XCTest

/// Async work whose end each test decides: `run(x)` records that it started, then waits until
/// the test opens `x`'s gate (with a value or an error). It records whether its task was
/// cancelled, and how many runs overlapped. A run that `honoursCancellation` throws
/// `CancellationError` when its task is cancelled; one that does not keeps waiting for its gate
/// (a search that finishes late whatever happens).
final class WorkGates: Sendable {
    private struct State {
        var started: [Int] = []
        var cancelled: [Int] = []
        var finished: [Int] = []
        var running = 0
        var maxRunning = 0
        var waiting: [Int: CheckedContinuation<Result<Int, any Error>, Never>] = [:]
        var opened: [Int: Result<Int, any Error>] = [:]
    }

    private let state = Locked(State())
    let honoursCancellation: Bool

    init(honoursCancellation: Bool = true) {
        self.honoursCancellation = honoursCancellation
    }

    var started: [Int] { state.withLock { $0.started } }
    /// The runs whose task was cancelled, in the order the cancellations came.
    var cancelled: [Int] { state.withLock { $0.cancelled } }
    var finished: [Int] { state.withLock { $0.finished } }
    var maxRunning: Int { state.withLock { $0.maxRunning } }

    /// Waits for the test to open `input`'s gate, and returns or throws what it was given.
    func run(_ input: Int) async throws -> Int {
        state.withLock {
            $0.started.append(input)
            $0.running += 1
            $0.maxRunning = max($0.maxRunning, $0.running)
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Result<Int, any Error>? = state.withLock { state in
                    if let opened = state.opened.removeValue(forKey: input) { return opened }
                    if honoursCancellation && Task.isCancelled { return .failure(CancellationError()) }
                    state.waiting[input] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiting = state.withLock { state in
                state.cancelled.append(input)
                return honoursCancellation ? state.waiting.removeValue(forKey: input) : nil
            }
            waiting?.resume(returning: .failure(CancellationError()))
        }
        state.withLock {
            $0.running -= 1
            $0.finished.append(input)
        }
        return try result.get()
    }

    /// Lets `input`'s run return `value` (at once if it waits, else when it starts).
    func open(_ input: Int, returning value: Int) {
        resolve(input, .success(value))
    }

    /// Lets `input`'s run throw `error`.
    func open(_ input: Int, throwing error: any Error) {
        resolve(input, .failure(error))
    }

    private func resolve(_ input: Int, _ result: Result<Int, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Result<Int, any Error>, Never>? in
            if let waiting = state.waiting.removeValue(forKey: input) { return waiting }
            state.opened[input] = result
            return nil
        }
        waiting?.resume(returning: result)
    }
}

/// What a subscription received, as text (`"next 10"`, `"error first"`, `"completed"`), from
/// any thread.
final class EventLog: Sendable {
    private let entries = Locked<[String]>([])
    private let subscription = Locked<Disposable?>(nil)

    var events: [String] { entries.withLock { $0 } }

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Subscribes to `source`, logging its events, until `dispose()`.
    func subscribe(_ source: Observable<Int>) {
        let subscription = source.subscribe(onNext: { self.append("next \($0)") }, onError: { self.append("error \($0)") }, onCompleted: { self.append("completed") })
        self.subscription.withLock { $0 = subscription }
    }

    /// Disposes the subscription and lets it go (so that `settled` can see its resources released).
    func dispose() {
        subscription.withLock { $0.take() }?.dispose()
    }
}

/// Waits, yielding to other tasks, until `condition` holds, or fails the test after `timeout`
/// seconds.
func eventually(timeout: TimeInterval = 5, _ what: String = "the condition", file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
            return
        }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

/// Waits until every resource made since `check` began is released: the tasks of the
/// subscriptions have ended, and with them any delivery they would still attempt.
func settled(since check: Int32, file: StaticString = #filePath, line: UInt = #line) async {
    await eventually("the tasks to end (Resources.total back to \(check))", file: file, line: line) { Resources.total == check }
    #if !DEBUG
    // Release builds count no resources: a moment for a late delivery to show instead.
    try? await Task.sleep(nanoseconds: 50_000_000)
    #endif
}

/// A value behind a lock. An `NSLock`, not `Synchronization.Mutex`: ThreadSanitizer sees a
/// pthread mutex's ordering, not that of the futex under `Mutex` on Linux, and reported its
/// guarded accesses as races. Unchecked Sendable, soundly: `value` is read and written only
/// inside `withLock`, under `lock` (the suite's TSan run would report an access outside it).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
