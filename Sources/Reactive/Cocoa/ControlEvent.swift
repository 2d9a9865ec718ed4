/// A type that can be seen as a `ControlEvent`.
public protocol ControlEventType: ObservableType {
    /// This sequence as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// Events of a user interface element (RxCocoa's `ControlEvent`): no value at subscription, no
/// error, completion when the element goes away, delivery on the main thread.
///
/// It subscribes to `events` through `ConcurrentMainScheduler` (at once on the main thread,
/// else on the main queue); the rest of the promise is the maker's to keep: wrap only a sequence
/// that keeps it, or its users will rely on properties it does not have.
///
/// `Sendable`, as the `Observable` it wraps.
public struct ControlEvent<PropertyType>: ControlEventType, Sendable {
    /// The type of the events.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// Wraps `events`, which must keep the promise above.
    public init<Events: ObservableType>(events: Events) where Events.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an `Observable`.
    public func asObservable() -> Observable<Element> { events }

    /// This control event.
    public func asControlEvent() -> ControlEvent<Element> { self }

    /// The events as an `Infallible` (an error, which breaks the promise, ends it empty).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }

    /// The events as a `Driver`. An error breaks the promise: it is reported (`Hooks`, an
    /// assertion in debug builds) and the driver ends.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: endingOnBrokenPromise("A ControlEvent's driver"))
    }

    /// The events as a `Signal`. An error breaks the promise: it is reported (`Hooks`, an
    /// assertion in debug builds) and the signal ends.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: endingOnBrokenPromise("A ControlEvent's signal"))
    }
}

/// What a `Driver` or `Signal` made from a control's sequence does with an error, which breaks
/// the control's promise: reports it through `Hooks` (an assertion in debug builds) and ends.
func endingOnBrokenPromise<Strategy, Element>(_ made: String) -> (Swift.Error) -> SharedSequence<Strategy, Element> {
    { error in
        Hooks.reportMisuse("\(made) received an error: \(error)")
        return .empty()
    }
}
