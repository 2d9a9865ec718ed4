/// A `PublishSubject` that never terminates: it only accepts elements.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline let subject = PublishSubject<Element>()

    /// Creates a relay with no subscribers.
    @inlinable public init() {}

    /// Sends `event` to the current subscribers.
    @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

    /// Subscribes `observer`; it receives elements only, never a terminal event.
    @inlinable public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    @inlinable public func asObservable() -> Observable<Element> { subject }

    /// The relay as an `Infallible`: it never fails nor completes.
    public func asInfallible() -> Infallible<Element> { Infallible(raw: subject.asObservable()) }
}
