// The run half of the docs' marble diagrams (Scripts/marbles/diagrams.py writes the other half:
// one `draw` call for each marble line of a doc comment, its expression pasted as written).
// Each diagram runs on a TestScheduler, one tick a frame, subscribed at 0; what the inputs and
// the result sent is written to the JSON file named by the first argument, rendered as text.
import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest

/// Names the marble lines' expressions may use beside their inputs and `scheduler`.
struct User: Decodable, Equatable {
    let name: String
}

/// An object for `withUnretained`, shown as `owner`.
final class Owner: CustomStringConvertible, Sendable {
    var description: String { "owner" }
}

let owner = Owner()

/// An object for `finishWithNilWhenDealloc` and the KVO operators.
final class Target: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
}

/// A new object that `scheduler` keeps alive until `time`, then releases (its last reference).
func object(releasedAt time: Int, on scheduler: TestScheduler) -> Target {
    var kept: Target? = Target()
    scheduler.scheduleAt(time) { kept = nil }
    return kept ?? Target()
}

/// A value as a marble shows it: a string or character as is, an optional by its content (or
/// `nil`), anything else as `String(describing:)` does.
func rendered(_ value: Any) -> String {
    if let string = value as? String { return string }
    if let character = value as? Character { return String(character) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { rendered($0.value) } ?? "nil"
    }
    return String(describing: value)
}

struct RenderedEvent: Encodable {
    let time: Int
    let kind: String
    let text: String
}

struct Timeline: Encodable {
    let name: String
    let events: [RenderedEvent]
}

struct Run: Encodable {
    let id: String
    let inputs: [Timeline]
    let output: [RenderedEvent]
    let legend: [String: String]
}

func rendered<Element>(_ events: [Recorded<Event<Element>>]) -> [RenderedEvent] {
    events.map { recorded in
        switch recorded.value {
        case .next(let value): RenderedEvent(time: recorded.time, kind: "next", text: rendered(value))
        case .error(let error): RenderedEvent(time: recorded.time, kind: "error", text: rendered(error))
        case .completed: RenderedEvent(time: recorded.time, kind: "completed", text: "")
        }
    }
}

/// An input of a diagram: its name and what it sends, as the drawing shows it.
struct Input {
    let name: String
    let events: [RenderedEvent]

    init<Element>(_ name: String, _ observable: TestableObservable<Element>) {
        self.name = name
        self.events = rendered(observable.recordedEvents)
    }
}

// Unsafe is sound: only the generated top-level code touches it, on the main thread, in order.
nonisolated(unsafe) var runs: [Run] = []

/// Runs `result` on `scheduler` from 0 to `horizon` and keeps what it sent.
func draw<Element, Result: ObservableConvertibleType>(_ id: String, on scheduler: TestScheduler, horizon: Int, inputs: [Input], legend: [String: Any], _ result: @escaping () -> Result) where Result.Element == Element {
    let observer: TestableObserver<Element> = scheduler.start(created: 0, subscribed: 0, disposed: horizon, create: result)
    runs.append(Run(id: id, inputs: inputs.map { Timeline(name: $0.name, events: $0.events) }, output: rendered(observer.events), legend: legend.mapValues(rendered)))
}

/// Writes every run, as JSON, for diagrams.py to compare and draw.
func writeRuns(to path: String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
        try encoder.encode(runs).write(to: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("error: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}

/// What `do(onNext: { log($0) })` in a marble line logs: kept, not printed.
// Unsafe is sound: only marble lines run by the top-level code touch it, on the main thread.
nonisolated(unsafe) var logged: [Any] = []

func log(_ value: Any) {
    logged.append(value)
}
