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
    /// Parses a diagram into recorded events.
    ///
    /// A mistake in the diagram (a character with no value for the element type, a group left
    /// open, a `)` with no `(`, a group inside a group) fails the current test (XCTest or Swift
    /// Testing) at the caller's line, naming the mistake and the diagram, and the run goes on:
    /// the events of the characters that were understood are returned, the others left out.
    public static func events<Element>(_ diagram: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10, offset: TestTime = 0, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) -> [Recorded<Event<Element>>] {
        let fail = { (mistake: String) in
            recordTestFailure("Marble diagram \"\(diagram)\": \(mistake)", file: file, fileID: fileID, line: line, column: column)
        }
        var result: [Recorded<Event<Element>>] = []
        var time = offset
        var inGroup = false
        for character in diagram where character != " " {
            switch character {
            case "-":
                time += frame
                continue
            case "(":
                if inGroup {
                    fail("a group inside a group at '(' (groups do not nest)")
                    continue
                }
                inGroup = true
                continue
            case ")":
                if !inGroup {
                    fail("')' with no '(' before it")
                    continue
                }
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
                } else if let element = value(for: character, in: values) {
                    result.append(Recorded(time: time, value: .next(element)))
                } else {
                    fail("no value for '\(character)' (at \(time)) of type \(Element.self): give it in `values`")
                }
            }
            if !inGroup { time += frame }
        }
        if inGroup { fail("a group is left open (no ')')") }
        return result
    }

    /// Parses `^` (subscribed) and `!` (disposed) from a diagram into a subscription.
    ///
    /// A diagram with no `^`, with two `^` or two `!`, or with `!` before `^` fails the current
    /// test at the caller's line, naming the mistake; the subscription returned is then one no
    /// operator makes, `(0: 0)`.
    public static func subscription(_ diagram: String, frame: TestTime = 10, offset: TestTime = 0, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) -> Subscription {
        let fail = { (mistake: String) -> Subscription in
            recordTestFailure("Subscription diagram \"\(diagram)\": \(mistake)", file: file, fileID: fileID, line: line, column: column)
            return Subscription(0, 0)
        }
        var time = offset
        var subscribe: TestTime?
        var unsubscribe: TestTime?
        for character in diagram where character != " " {
            if character == "^" {
                if subscribe != nil { return fail("two '^' (one subscription a diagram)") }
                subscribe = time
            }
            if character == "!" {
                if unsubscribe != nil { return fail("two '!' (one subscription a diagram)") }
                if subscribe == nil { return fail("'!' before '^' (disposed before it was subscribed)") }
                unsubscribe = time
            }
            time += frame
        }
        guard let subscribe else { return fail("no '^' (where the subscription starts)") }
        return Subscription(subscribe, unsubscribe ?? Int.max)
    }

    private static func value<Element>(for character: Character, in values: [Character: Element]) -> Element? {
        if let value = values[character] { return value }
        if let value = String(character) as? Element { return value }
        if let value = character as? Element { return value }
        return nil
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
    /// A mistake in the diagram fails the current test at the caller's line (see
    /// `Marbles.events`).
    public func createHotObservable<Element>(_ diagram: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10, offset: TestTime = 0, name: String? = nil, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) -> TestableObservable<Element> {
        createHotObservable(Marbles.events(diagram, values: values, errors: errors, frame: frame, offset: offset, file: file, fileID: fileID, line: line, column: column), name: name, file: file, fileID: fileID, line: line, column: column)
    }

    /// Creates a cold observable from a marble diagram (times relative to each subscription).
    /// A mistake in the diagram fails the current test at the caller's line (see
    /// `Marbles.events`).
    public func createColdObservable<Element>(_ diagram: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10, name: String? = nil, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) -> TestableObservable<Element> {
        createColdObservable(Marbles.events(diagram, values: values, errors: errors, frame: frame, file: file, fileID: fileID, line: line, column: column), name: name, file: file, fileID: fileID, line: line, column: column)
    }
}
