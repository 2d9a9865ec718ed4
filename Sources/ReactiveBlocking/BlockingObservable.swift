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
public struct BlockingObservable<Element> {
    let source: Observable<Element>
    let timeout: TimeInterval?

    /// The first element, or nil if the sequence completes empty; stops the sequence after it.
    public func first() throws -> Element? {
        try run(stopAfterFirst: true).get().first
    }

    /// The last element, or nil if the sequence completes empty.
    public func last() throws -> Element? {
        try run(stopAfterFirst: false).get().last
    }

    /// All elements, once the sequence completes.
    public func toArray() throws -> [Element] {
        try run(stopAfterFirst: false).get()
    }

    /// The only element; throws `RxError.noElements` or `RxError.moreThanOneElement` otherwise.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only element matching `predicate`; throws `RxError.noElements` or
    /// `RxError.moreThanOneElement` otherwise.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try run(stopAfterFirst: false, filter: predicate).get()
        guard let element = elements.first else { throw RxError.noElements }
        guard elements.count == 1 else { throw RxError.moreThanOneElement }
        return element
    }

    /// How the sequence ended, with the elements received: `completed` or `failed`.
    /// A timeout is reported as `failed` with `RxError.timeout`.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let outcome = run(stopAfterFirst: false)
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

    private func run(stopAfterFirst: Bool, filter: ((Element) throws -> Bool)? = nil) -> Outcome {
        let state = BlockingState<Outcome>(Outcome())
        let subscription = SingleAssignmentDisposable()
        let done = DispatchSemaphore(value: 0)
        let finish = { (update: (inout Outcome) -> Void) in
            if state.finish(update) { done.signal() }
        }
        subscription.setDisposable(source.subscribe { event in
            switch event {
            case .next(let element):
                do {
                    if let filter, try !filter(element) { return }
                    if stopAfterFirst {
                        finish { $0.elements.append(element) }
                        subscription.dispose()
                    } else {
                        state.update { $0.elements.append(element) }
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

/// The blocking call's result, written by the subscription's thread, read by the waiting one.
private final class BlockingState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Value
    private var finished = false

    init(_ value: Value) { current = value }

    var isFinished: Bool { lock.withLock { finished } }
    var value: Value { lock.withLock { current } }

    func update(_ body: (inout Value) -> Void) {
        lock.withLock { if !finished { body(&current) } }
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
