/// A `BehaviorSubject` that never terminates: it holds a current value and accepts new ones.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline let subject: BehaviorSubject<Element>

    /// Creates a relay whose current value is `value`.
    @inlinable public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // The subject is never terminated nor disposed, so `value()` cannot throw.
        do { return try subject.value() } catch { preconditionFailure("Internal inconsistency: BehaviorRelay's subject failed: \(error)") }
    }

    /// Sets the current value and sends it to the subscribers.
    @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

    /// Subscribes `observer`; it receives the current value, then later ones.
    @inlinable public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    @inlinable public func asObservable() -> Observable<Element> { subject }

    /// The relay as an `Infallible`: it never fails nor completes.
    public func asInfallible() -> Infallible<Element> { Infallible(raw: subject.asObservable()) }
}
