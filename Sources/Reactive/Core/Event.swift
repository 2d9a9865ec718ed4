/// One event of a sequence: an element, an error, or completion.
///
/// A sequence obeys the grammar `next* (error | completed)?`: any number of elements, then at
/// most one terminal event, after which nothing else is delivered.
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence failed with an error; nothing follows.
    case error(Swift.Error)
    /// The sequence finished; nothing follows.
    case completed
}

extension Event: CustomDebugStringConvertible {
    /// The event as `next(value)`, `error(error)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// Whether this is `error` or `completed`.
    @inlinable public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// The element of a `next` event, or `nil`.
    @inlinable public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, or `nil`.
    @inlinable public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `completed`.
    @inlinable public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `next` event; an error thrown by `transform` becomes an `error` event.
    @inlinable public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let element):
            do { return .next(try transform(element)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: Sendable where Element: Sendable {}

/// A type that can be turned into an `Event` (RxSwift's `EventConvertible`).
public protocol EventConvertible {
    /// The type of the elements.
    associatedtype Element
    /// The event this value stands for.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}
