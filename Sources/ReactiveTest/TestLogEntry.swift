import Reactive

/// One thing that happened in a test, as the `TestScheduler` logs it (`TestScheduler.log`): a
/// test observable subscribed or disposed, an event it sent, an event an observer received,
/// with the virtual time and the name of the observable or observer.
///
/// `Recorded` times cannot tell two things at the same time apart; the log keeps the order they
/// happened in, so that a test can pin an operator's order of subscribe, dispose and events:
///
/// ```
/// XCTAssertEqual(scheduler.log, [
///     .subscribed("xs", 200),
///     .next("xs", 210, 1), .received(210, .next(1)),
///     .error("xs", 220, TestError.boom),
///     .subscribed("ys", 220), .disposed("xs", 220),   // the replacement first, then the failed one
/// ])
/// ```
///
/// Events are compared by their description (`next(1)`, `error(boom)`, `completed`), so entries of
/// observables of different element types sit in one array.
public struct TestLogEntry: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Equatable, Hashable, Sendable {
        /// The test observable got a subscription.
        case subscribed
        /// A subscription of the test observable was disposed.
        case disposed
        /// The test observable sent an event (described) to a subscriber.
        case sent(String)
        /// The observer received an event (described).
        case received(String)
    }

    /// The virtual time it happened at.
    public let time: TestTime
    /// The test observable's name, or the observer's.
    public let name: String
    /// What happened.
    public let kind: Kind

    /// An entry of the log.
    public init(time: TestTime, name: String, kind: Kind) {
        self.time = time
        self.name = name
        self.kind = kind
    }

    /// The test observable `name` got a subscription at `time`.
    public static func subscribed(_ name: String, _ time: TestTime) -> TestLogEntry {
        TestLogEntry(time: time, name: name, kind: .subscribed)
    }

    /// A subscription of the test observable `name` was disposed at `time`.
    public static func disposed(_ name: String, _ time: TestTime) -> TestLogEntry {
        TestLogEntry(time: time, name: name, kind: .disposed)
    }

    /// The test observable `name` sent `element` at `time`.
    public static func next<Element>(_ name: String, _ time: TestTime, _ element: Element) -> TestLogEntry {
        TestLogEntry(time: time, name: name, kind: .sent(describe(Event.next(element))))
    }

    /// The test observable `name` sent `error` at `time`.
    public static func error(_ name: String, _ time: TestTime, _ error: any Error) -> TestLogEntry {
        TestLogEntry(time: time, name: name, kind: .sent(describe(Event<Never>.error(error))))
    }

    /// The test observable `name` completed at `time`.
    public static func completed(_ name: String, _ time: TestTime) -> TestLogEntry {
        TestLogEntry(time: time, name: name, kind: .sent(describe(Event<Never>.completed)))
    }

    /// The observer `observer` (by default `start`'s, named "observer") received `event` at `time`.
    public static func received<Element>(_ time: TestTime, _ event: Event<Element>, by observer: String = TestScheduler.observerName) -> TestLogEntry {
        TestLogEntry(time: time, name: observer, kind: .received(describe(event)))
    }

    /// `210 xs sent next(1)`, `210 observer received next(1)`, `200 xs subscribed`.
    public var description: String {
        switch kind {
        case .subscribed: "\(time) \(name) subscribed"
        case .disposed: "\(time) \(name) disposed"
        case .sent(let event): "\(time) \(name) sent \(event)"
        case .received(let event): "\(time) \(name) received \(event)"
        }
    }

    /// An event as the log compares it: `next(1)`, `next("a")`, `error(boom)`, `completed`.
    static func describe<Element>(_ event: Event<Element>) -> String {
        switch event {
        case .next(let element): "next(\(String(reflecting: element)))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }

    /// Both logs as aligned lines, actual beside expected, with `✗` at each line that differs;
    /// the failure message of the log assertions.
    static func difference(actual: [TestLogEntry], expected: [TestLogEntry]) -> String {
        let width = max(("actual" as String).count, actual.map(\.description.count).max() ?? 0)
        let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
        var lines = ["Logs differ, first at line \(firstDifference + 1):", "   " + pad("actual", width) + "  |  expected"]
        for index in 0..<max(actual.count, expected.count) {
            let left = index < actual.count ? actual[index].description : "—"
            let right = index < expected.count ? expected[index].description : "—"
            let same = index < actual.count && index < expected.count && actual[index] == expected[index]
            lines.append((same ? "   " : "✗  ") + pad(left, width) + "  |  " + right)
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
