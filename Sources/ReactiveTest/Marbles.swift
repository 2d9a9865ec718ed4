import Reactive

/// Marble diagrams: a compact text form of timed events, e.g. `"--a--b--|"`.
///
/// Each character is one frame of `frame` ticks (10 by default), starting at `offset`:
/// - `-` lets a frame pass;
/// - any other character is a `next` event whose value is `values[character]` (or the character
///   itself when the element type is `String` or `Character`);
/// - `|` is `completed`, `#` is an error (`errors["#"]`, else `MarbleError`);
/// - `(ab)` puts the events inside at the same time, and takes one frame;
/// - spaces are ignored, to align diagrams.
/// For subscriptions, `^` marks the subscription and `!` the disposal.
public enum Marbles {
    /// Parses a diagram into recorded events. A character without a value is a test bug and traps.
    public static func events<Element>(_ diagram: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10, offset: TestTime = 0) -> [Recorded<Event<Element>>] {
        var result: [Recorded<Event<Element>>] = []
        var time = offset
        var inGroup = false
        for character in diagram where character != " " {
            switch character {
            case "-":
                time += frame
                continue
            case "(":
                inGroup = true
                continue
            case ")":
                inGroup = false
                time += frame
                continue
            case "|":
                result.append(Recorded(time: time, value: .completed))
            case "#":
                result.append(Recorded(time: time, value: .error(errors[character] ?? MarbleError(symbol: character))))
            default:
                if let error = errors[character] {
                    result.append(Recorded(time: time, value: .error(error)))
                } else {
                    result.append(Recorded(time: time, value: .next(value(for: character, in: values, diagram: diagram))))
                }
            }
            if !inGroup { time += frame }
        }
        precondition(!inGroup, "Marble diagram \"\(diagram)\" has an unclosed group")
        return result
    }

    /// Parses `^` (subscribed) and `!` (disposed) from a diagram into a subscription.
    public static func subscription(_ diagram: String, frame: TestTime = 10, offset: TestTime = 0) -> Subscription {
        var time = offset
        var subscribe: TestTime?
        var unsubscribe: TestTime?
        for character in diagram where character != " " {
            if character == "^" { subscribe = time }
            if character == "!" { unsubscribe = time }
            time += frame
        }
        guard let subscribe else { preconditionFailure("Subscription diagram \"\(diagram)\" has no ^") }
        return Subscription(subscribe, unsubscribe ?? Int.max)
    }

    private static func value<Element>(for character: Character, in values: [Character: Element], diagram: String) -> Element {
        if let value = values[character] { return value }
        if let value = String(character) as? Element { return value }
        if let value = character as? Element { return value }
        preconditionFailure("Marble diagram \"\(diagram)\": no value for '\(character)' of type \(Element.self)")
    }
}

/// The error a `#` stands for when no error was given for it.
public struct MarbleError: Swift.Error, Equatable, CustomStringConvertible {
    /// The character that produced it.
    public let symbol: Character
    /// The error for `symbol`.
    public init(symbol: Character) { self.symbol = symbol }
    /// The error as `MarbleError(symbol)`.
    public var description: String { "MarbleError(\(symbol))" }
}

extension TestScheduler {
    /// Creates a hot observable from a marble diagram (times are absolute, from `offset`).
    public func createHotObservable<Element>(_ diagram: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10, offset: TestTime = 0) -> TestableObservable<Element> {
        createHotObservable(Marbles.events(diagram, values: values, errors: errors, frame: frame, offset: offset))
    }

    /// Creates a cold observable from a marble diagram (times relative to each subscription).
    public func createColdObservable<Element>(_ diagram: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10) -> TestableObservable<Element> {
        createColdObservable(Marbles.events(diagram, values: values, errors: errors, frame: frame))
    }
}
