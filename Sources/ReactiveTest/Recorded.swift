import Reactive

/// A value recorded at a virtual time: an event sent or received in a test.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// When it happened.
    public let time: TestTime
    /// What happened.
    public let value: Value

    /// Records `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// The value and its time, as `next(1) @ 210`.
    public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded {
    /// A `next` event at `time`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A `completed` event at `time`.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An `error` event at `time`.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }

    /// The recorded events given, as an array (RxTest's `Recorded.events`).
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>] where Value == Event<T> {
        recordedEvents
    }

    /// The recorded events given (RxTest's `Recorded.events([...])`): names their element type
    /// where an array literal alone would not.
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>] where Value == Event<T> {
        recordedEvents
    }
}

/// Events compare equal when both are `next` with equal elements, both `completed`, or both
/// `error` with errors of the same type and description (errors are not `Equatable`).
extension Event: Equatable where Element: Equatable {
    /// Whether two events are equal: equal elements, both completed, or errors of the same type and description.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let a), .next(let b)): return a == b
        case (.completed, .completed): return true
        case (.error(let a), .error(let b)): return errorsMatch(a, b)
        default: return false
        }
    }
}

func errorsMatch(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
}

/// Maybe events compare as `Event`s do: equal elements, both completed, or errors of the same
/// type and description.
extension MaybeEvent: Equatable where Element: Equatable {
    /// Whether two maybe events are equal, as events are.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let a), .success(let b)): return a == b
        case (.completed, .completed): return true
        case (.error(let a), .error(let b)): return errorsMatch(a, b)
        default: return false
        }
    }
}

/// Completable events compare as `Event`s do.
extension CompletableEvent: Equatable {
    /// Whether two completable events are equal, as events are.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let a), .error(let b)): return errorsMatch(a, b)
        default: return false
        }
    }
}

/// Single events (`Result`s, whose error type is not `Equatable`) compare as `Event`s do.
func singleEventsMatch<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let a), .success(let b)): return a == b
    case (.failure(let a), .failure(let b)): return errorsMatch(a, b)
    default: return false
    }
}
