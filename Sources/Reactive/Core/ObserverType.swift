/// A type that receives the events of a sequence.
///
/// The sender guarantees the grammar `next* (error | completed)?` and that calls to `on` never
/// overlap; an observer needs no locking of its own for that.
public protocol ObserverType<Element>: SendableMetatype {
    /// The type of elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends a `next` event.
    @inlinable public func onNext(_ element: Element) { on(.next(element)) }
    /// Sends `completed`.
    @inlinable public func onCompleted() { on(.completed) }
    /// Sends an `error`.
    @inlinable public func onError(_ error: Swift.Error) { on(.error(error)) }
}
