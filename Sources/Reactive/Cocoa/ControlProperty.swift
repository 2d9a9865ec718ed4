/// A type that can be seen as a `ControlProperty`.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This property as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A property of a user interface element (RxCocoa's `ControlProperty`): observed, its current
/// value and then the user's changes (not the program's); set, the new value goes to the element.
///
/// The promise of the values: the latest is replayed to each new subscriber, no error,
/// completion when the element goes away, delivery on the main thread. It subscribes to
/// `values` through `ConcurrentMainScheduler` (at once on the main thread, else on the main
/// queue); the rest is the maker's to keep. Sending an error to it is a programming error
/// (reported through `Hooks`, an assertion in debug builds); completion goes to `valueSink`.
///
/// `Sendable`: its values are an `Observable` and its sink an `AnyObserver`.
public struct ControlProperty<PropertyType>: ControlPropertyType, Sendable {
    /// The type of the property.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Wraps the element's `values` and the observer that sets its value, `valueSink`.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink) where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The changes only: the values without the one sent at subscription.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as an `Observable`.
    public func asObservable() -> Observable<Element> { values }

    /// This control property.
    public func asControlProperty() -> ControlProperty<Element> { self }

    /// Sets the element's value (`next`), or passes completion on; an error is a programming
    /// error, reported and not passed on.
    public func on(_ event: Event<Element>) {
        if case .error(let error) = event {
            Hooks.reportMisuse("Binding error: \(error)")
        } else {
            valueSink.on(event)
        }
    }

    /// The values as a `Driver`. An error breaks the promise: it is reported (`Hooks`, an
    /// assertion in debug builds) and the driver ends.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: endingOnBrokenPromise("A ControlProperty's driver"))
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string (a text field's text, for instance).
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        return ControlProperty(values: original.values.map { $0 ?? "" }, valueSink: original.valueSink.mapObserver { $0 })
    }
}
