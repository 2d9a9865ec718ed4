/// A `ReplaySubject` that never terminates: it replays buffered elements and accepts new ones.
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline let subject: ReplaySubject<Element>

    @inlinable init(subject: ReplaySubject<Element>) { self.subject = subject }

    /// Creates a relay that replays the last `bufferSize` elements.
    @inlinable public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// Creates a relay that replays every element (RxRelay's name).
    @inlinable public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    /// The former name of `createUnbound()`.
    @available(*, deprecated, renamed: "createUnbound()")
    @inlinable public static func createUnbounded() -> ReplayRelay<Element> {
        createUnbound()
    }

    /// Buffers `event` and sends it to the subscribers.
    @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

    /// Subscribes `observer`; it receives the buffer, then later elements.
    @inlinable public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    @inlinable public func asObservable() -> Observable<Element> { subject }

    /// The relay as an `Infallible`: it never fails nor completes.
    public func asInfallible() -> Infallible<Element> { Infallible(raw: subject.asObservable()) }
}
