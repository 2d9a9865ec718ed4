import Dispatch
import Foundation
import Reactive

extension ObservableConvertibleType {
    /// Turns the sequence into one whose results are awaited by blocking the calling thread
    /// (RxBlocking's `toBlocking`).
    ///
    /// - Parameter timeout: Seconds to wait at most; `nil` waits forever. When it elapses, the
    ///   subscription is disposed and the call throws `RxError.timeout`.
    /// On the main thread the run loop keeps running while waiting, so work scheduled on the
    /// main queue (`MainScheduler`) still happens.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }
}

/// A sequence whose results are read by blocking until it terminates.
public struct BlockingObservable<Element>: Sendable {
    let source: Observable<Element>
    let timeout: TimeInterval?

    /// The first element, or nil if the sequence completes empty; stops the sequence after it.
    public func first() throws -> Element? {
        try run(limit: 1).get().first
    }

    /// The last element, or nil if the sequence completes empty.
    public func last() throws -> Element? {
        try run().get().last
    }

    /// All elements, once the sequence completes.
    public func toArray() throws -> [Element] {
        try run().get()
    }

    /// The only element; throws `RxError.noElements` or `RxError.moreThanOneElement` otherwise.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only element matching `predicate`; throws `RxError.noElements` or
    /// `RxError.moreThanOneElement` otherwise.
    ///
    /// Stops the sequence at the second match or when `predicate` throws (the error is
    /// rethrown): `predicate` is not called again after either.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try run(limit: 2, filter: predicate).get()
        guard let element = elements.first else { throw RxError.noElements }
        guard elements.count == 1 else { throw RxError.moreThanOneElement }
        return element
    }

    /// How the sequence ended, with the elements received: `completed` or `failed`.
    /// A timeout is reported as `failed` with `RxError.timeout`.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let outcome = run()
        switch outcome.error {
        case nil: return .completed(elements: outcome.elements)
        case let error?: return .failed(elements: outcome.elements, error: error)
        }
    }

    private struct Outcome {
        var elements: [Element] = []
        var error: Swift.Error?
        func get() throws -> [Element] {
            if let error { throw error }
            return elements
        }
    }

    /// Subscribes and waits for the end, or for `limit` elements (matching `filter`), after
    /// which the sequence is stopped. Nothing is evaluated once the outcome is settled: a
    /// synchronous source may still send before its subscription can be disposed.
    private func run(limit: Int? = nil, filter: ((Element) throws -> Bool)? = nil) -> Outcome {
        let state = BlockingState<Outcome>(Outcome())
        let subscription = SingleAssignmentDisposable()
        let done = DispatchSemaphore(value: 0)
        let finish = { (update: (inout Outcome) -> Void) in
            if state.finish(update) { done.signal() }
        }
        subscription.setDisposable(source.subscribe { event in
            switch event {
            case .next(let element):
                if state.isFinished { return }
                do {
                    if let filter, try !filter(element) { return }
                    let count = state.update { outcome -> Int in
                        outcome.elements.append(element)
                        return outcome.elements.count
                    }
                    if let limit, let count, count >= limit {
                        finish { _ in }
                        subscription.dispose()
                    }
                } catch {
                    finish { $0.error = error }
                    subscription.dispose()
                }
            case .error(let error):
                finish { $0.error = error }
            case .completed:
                finish { _ in }
            }
        })
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        if Thread.isMainThread {
            while !state.isFinished {
                if let deadline, Date() >= deadline { break }
                _ = RunLoop.current.run(mode: .default, before: min(deadline ?? .distantFuture, Date().addingTimeInterval(0.01)))
            }
        } else if let timeout {
            _ = done.wait(timeout: .now() + timeout)
        } else {
            done.wait()
        }
        if !state.isFinished {
            _ = state.finish { $0.error = RxError.timeout }
        }
        subscription.dispose()
        return state.value
    }
}

/// How a blocking sequence ended.
public enum MaterializedSequenceResult<Element> {
    /// It completed, with these elements.
    case completed(elements: [Element])
    /// It failed with `error`, after these elements.
    case failed(elements: [Element], error: Swift.Error)
}

extension MaterializedSequenceResult: Sendable where Element: Sendable {}

/// The blocking call's result, written by the subscription's thread, read by the waiting one.
private final class BlockingState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Value
    private var finished = false

    init(_ value: Value) { current = value }

    var isFinished: Bool { lock.withLock { finished } }
    var value: Value { lock.withLock { current } }

    /// Applies `body` unless finished; its result, or nil if finished.
    @discardableResult func update<Result>(_ body: (inout Value) -> Result) -> Result? {
        lock.withLock { finished ? nil : body(&current) }
    }

    /// Applies the final update once; true for the first caller.
    func finish(_ body: (inout Value) -> Void) -> Bool {
        lock.withLock {
            if finished { return false }
            finished = true
            body(&current)
            return true
        }
    }
}
