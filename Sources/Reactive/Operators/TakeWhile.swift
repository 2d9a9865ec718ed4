/// Whether `take(while:)` and `take(until:)` with a predicate also send the element that ends them.
public enum TakeBehavior: Sendable {
    /// The element that ends the sequence is sent before completion.
    case inclusive
    /// The element that ends the sequence is dropped (the default).
    case exclusive
}

extension ObservableType {
    /// Sends elements while `predicate` holds, then completes.
    ///
    /// `--1--2--5--1--|` → `take(while: { $0 < 3 })` → `--1--2--|`
    ///
    /// With `behavior: .inclusive` the first element that fails the predicate is sent before
    /// completion. The source is disposed when the predicate first fails. An error thrown by
    /// `predicate` is sent as an `error` event.
    @inlinable public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        UnaryObservable<TakeWhileSink<Element>>(asObservable(), (predicate, behavior, true))
    }

    /// Sends elements until `predicate` holds, then completes.
    ///
    /// `--1--2--5--1--|` → `take(until: { $0 > 3 })` → `--1--2--|`
    ///
    /// With `behavior: .inclusive` the element that satisfies the predicate is sent before
    /// completion. An error thrown by `predicate` is sent as an `error` event.
    @inlinable public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        UnaryObservable<TakeWhileSink<Element>>(asObservable(), (predicate, behavior, false))
    }

    /// The deprecated name of `take(while:behavior:)`.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }
}

@usableFromInline final class TakeWhileSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let predicate: (Element) throws -> Bool
    @usableFromInline let behavior: TakeBehavior
    /// The predicate's value that keeps the sequence going (true for `while`, false for `until`).
    @usableFromInline let continueWhen: Bool

    @inlinable init(downstream: Downstream<Element>, parameters: ((Element) throws -> Bool, TakeBehavior, Bool)) {
        (predicate, behavior, continueWhen) = parameters
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next:
            if isStopped { return }
            do {
                guard case .next(let element) = event else { return }
                if try predicate(element) == continueWhen {
                    downstream.forward(&event)
                } else {
                    if behavior == .inclusive { downstream.forward(&event) }
                    forwardCompleted()
                }
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
