import Foundation
import Reactive

/// Virtual time of the `TestScheduler`, in ticks.
public typealias TestTime = Int

/// A virtual-time scheduler for operator tests (RxTest's `TestScheduler`).
///
/// `start { … }` creates the observable at 100, subscribes at 200 and disposes at 1000 (by
/// default), runs all scheduled work and returns the observer with the recorded events.
/// With `simulateProcessingDelay` (the default), work scheduled "now" runs one tick later.
open class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    /// The default times `start` uses.
    public struct Defaults {
        /// When the observable is created.
        public static let created = 100
        /// When it is subscribed.
        public static let subscribed = 200
        /// When the subscription is disposed.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool
    private let logLock = Lock()
    // Guarded by logLock.
    private var entries: [TestLogEntry] = []
    private var hotCount = 0
    private var coldCount = 0

    /// The name of `start`'s observer, and of `createObserver`'s by default, in the log.
    public static let observerName = "observer"

    /// What happened so far, in the order it happened: each subscribe and dispose of this
    /// scheduler's test observables, each event they sent, each event its observers received
    /// (see ``TestLogEntry``). Compare it with `XCTAssertEqual` (or `expectEqual` in Swift
    /// Testing), which prints both logs as aligned lines when they differ.
    public var log: [TestLogEntry] { logLock.withLock { entries } }

    /// Appends to the log.
    func record(_ kind: TestLogEntry.Kind, name: String) {
        let time = clock
        logLock.withLock { entries.append(TestLogEntry(time: time, name: name, kind: kind)) }
    }

    /// The name of the next hot or cold observable created without one: `hot1`, `cold1`, ….
    private func nextName(hot: Bool) -> String {
        logLock.withLock {
            if hot {
                hotCount += 1
                return "hot\(hotCount)"
            }
            coldCount += 1
            return "cold\(coldCount)"
        }
    }

    /// Creates a scheduler whose clock starts at `initialClock`; one tick is `resolution` seconds.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Runs `action` at virtual time `time`.
    ///
    /// A time before the clock fails the current test at the caller's line (the action would
    /// run at once, at the wrong time), and the action is not scheduled.
    public func scheduleAt(_ time: TestTime, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column, action: @escaping () -> Void) {
        let now = clock
        guard time >= now else {
            recordTestFailure("TestScheduler.scheduleAt(\(time)): the clock is already at \(now); virtual time does not go back", file: file, fileID: fileID, line: line, column: column)
            return
        }
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Creates a hot observable that sends `events` at their absolute times, to whoever is
    /// subscribed. `name` is what the log calls it (by default `hot1`, `hot2`, … in order).
    ///
    /// An event before the clock fails the current test at the caller's line, naming it, and
    /// is left out: it can no longer be sent at its time. Events after a terminal one, and
    /// events out of time order, are sent as RxTest's are (each at its time): tests of how an
    /// operator treats a source that breaks the grammar need them.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>], name: String? = nil, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) -> TestableObservable<Element> {
        let name = name ?? nextName(hot: true)
        let valid = checked(events, of: name, notBefore: clock, file: file, fileID: fileID, line: line, column: column)
        return HotObservable(testScheduler: self, recordedEvents: valid, name: name)
    }

    /// Creates a cold observable that sends `events` at their times relative to each
    /// subscription. `name` is what the log calls it (by default `cold1`, `cold2`, … in order).
    ///
    /// A negative time fails the current test at the caller's line, as an event before the
    /// clock does for `createHotObservable`.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>], name: String? = nil, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) -> TestableObservable<Element> {
        let name = name ?? nextName(hot: false)
        let valid = checked(events, of: name, notBefore: 0, file: file, fileID: fileID, line: line, column: column)
        return ColdObservable(testScheduler: self, recordedEvents: valid, name: name)
    }

    /// The events a test observable can send: each one before `earliest` fails the test and is
    /// left out.
    private func checked<Element>(_ events: [Recorded<Event<Element>>], of name: String, notBefore earliest: TestTime, file: StaticString, fileID: String, line: UInt, column: Int) -> [Recorded<Event<Element>>] {
        events.filter { recorded in
            if recorded.time >= earliest { return true }
            recordTestFailure("Test observable \(name): \(TestLogEntry.describe(recorded.value)) @ \(recorded.time) is before \(earliest), when it was made: left out", file: file, fileID: fileID, line: line, column: column)
            return false
        }
    }

    /// Creates an observer that records the events it receives with their virtual times, and
    /// logs them under `name`.
    public func createObserver<Element>(_ type: Element.Type, name: String = TestScheduler.observerName) -> TestableObserver<Element> {
        TestableObserver(scheduler: self, name: name)
    }

    /// A mistake in driving the clock (`advanceTo` a past time or while running, `sleep` a
    /// negative interval) fails the current test at the caller's line; the call does nothing.
    override open func reportMisuse(_ message: String, file: StaticString, fileID: String, line: UInt, column: Int) {
        recordTestFailure("TestScheduler.\(message)", file: file, fileID: fileID, line: line, column: column)
    }

    /// Work scheduled for now or the past runs one tick later (RxTest's rule), unless
    /// `simulateProcessingDelay` is off.
    override open func adjustScheduledTime(_ time: TestTime) -> TestTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the observable at `created`, subscribes at `subscribed`, disposes at `disposed`,
    /// runs the scheduler to the end, and returns the recording observer.
    ///
    /// The times must come in that order (equal times run in that order too). Out of order, it
    /// fails the current test (XCTest or Swift Testing) with a message naming the three times,
    /// and runs nothing: the observable would be subscribed before it exists, or never disposed.
    public func start<Element, OutputSequence: ObservableConvertibleType>(created: TestTime, subscribed: TestTime, disposed: TestTime, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column, create: @escaping () -> OutputSequence) -> TestableObserver<Element> where OutputSequence.Element == Element {
        guard created <= subscribed && subscribed <= disposed else {
            recordTestFailure("TestScheduler.start: the times are out of order (created \(created), subscribed \(subscribed), disposed \(disposed)); they must satisfy created <= subscribed <= disposed", file: file, fileID: fileID, line: line, column: column)
            return createObserver(Element.self)
        }
        let now = clock
        guard created >= now else {
            recordTestFailure("TestScheduler.start: the clock is already at \(now), past created \(created): start runs a scheduler once (this one ran already, or was advanced); make a new TestScheduler for each run", file: file, fileID: fileID, line: line, column: column)
            return createObserver(Element.self)
        }
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) {
            subscription?.dispose()
            subscription = nil
            source = nil
        }
        start()
        return observer
    }

    /// `start` with the default creation and subscription times and the given disposal time.
    public func start<Element, OutputSequence: ObservableConvertibleType>(disposed: TestTime, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column, create: @escaping () -> OutputSequence) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, file: file, fileID: fileID, line: line, column: column, create: create)
    }

    /// `start` with the default times (100, 200, 1000).
    public func start<Element, OutputSequence: ObservableConvertibleType>(file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column, _ create: @escaping () -> OutputSequence) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, file: file, fileID: fileID, line: line, column: column, create: create)
    }
}

/// Converts the `TestScheduler`'s integer ticks: one tick is `resolution` seconds.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// Virtual time is a count of ticks.
    public typealias VirtualTimeUnit = Int
    /// Virtual intervals are counts of ticks.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        self.resolution = resolution
    }

    /// The date of a tick (each `resolution` seconds long, from 1970).
    public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    /// The tick of a date.
    public func convertToVirtualTime(_ time: RxTime) -> Int {
        Int((time.timeIntervalSince1970 / resolution).rounded())
    }

    /// The seconds of a number of ticks.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The ticks of a number of seconds.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        Int((timeInterval / resolution).rounded())
    }

    /// `time` moved by `offset` ticks.
    public func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }

    /// How two ticks compare.
    public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
    }
}
