/// A type-erased observer that forwards events to a closure or to another observer.
///
/// `Sendable`, unchecked, so that the observer `Observable.create` hands out can be captured by
/// the queue or task that produces the events: that one forwards to the library's own sink,
/// which is safe to call from any thread, one event at a time (the Rx contract). An observer
/// made from a closure of yours (`init(eventHandler:)`) calls it on whichever thread calls `on`,
/// as `subscribe(onNext:)` does; send it to another thread only if the closure may run there.
public struct AnyObserver<Element>: ObserverType, @unchecked Sendable {
    /// The closure type that handles events.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline let observer: EventHandler

    /// Creates an observer that calls `eventHandler` for each event.
    @inlinable public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// Creates an observer that forwards every event to `observer`.
    @inlinable public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    /// Forwards one event.
    @inlinable public func on(_ event: Event<Element>) { observer(event) }

    /// Returns `self`.
    @inlinable public func asObserver() -> AnyObserver<Element> { self }
}

extension ObserverType {
    /// Erases the type of this observer.
    @inlinable public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// Returns an observer that transforms elements with `transform` before forwarding them here.
    ///
    /// An error thrown by `transform` is forwarded as an `error` event.
    @inlinable public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}
