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
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Creates a hot observable that sends `events` at their absolute times, to whoever is
    /// subscribed. `name` is what the log calls it (by default `hot1`, `hot2`, … in order).
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>], name: String? = nil) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events, name: name ?? nextName(hot: true))
    }

    /// Creates a cold observable that sends `events` at their times relative to each
    /// subscription. `name` is what the log calls it (by default `cold1`, `cold2`, … in order).
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>], name: String? = nil) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events, name: name ?? nextName(hot: false))
    }

    /// Creates an observer that records the events it receives with their virtual times, and
    /// logs them under `name`.
    public func createObserver<Element>(_ type: Element.Type, name: String = TestScheduler.observerName) -> TestableObserver<Element> {
        TestableObserver(scheduler: self, name: name)
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
    public func start<Element, OutputSequence: ObservableConvertibleType>(_ create: @escaping () -> OutputSequence) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
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
