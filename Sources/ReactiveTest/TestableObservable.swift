import Reactive

/// An observable driven by recorded events, that records its subscriptions (RxTest's type).
///
/// Create one with `TestScheduler.createHotObservable` or `createColdObservable`.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// The scheduler that drives it.
    public let testScheduler: TestScheduler
    /// The events it sends.
    public let recordedEvents: [Recorded<Event<Element>>]

    /// What the scheduler's log calls it.
    public let name: String

    let lock = Lock()
    var recordedSubscriptions: [Subscription] = []

    /// The subscriptions it received, with subscribe and unsubscribe times.
    public var subscriptions: [Subscription] { lock.withLock { recordedSubscriptions } }

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>], name: String) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
        self.name = name
    }

    /// Subscribes `observer`. Overridden by the hot and cold kinds.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        fatalError("TestableObservable is abstract: use createHotObservable or createColdObservable")
    }

    func recordSubscription() -> Int {
        let time = testScheduler.clock
        testScheduler.record(.subscribed, name: name)
        return lock.withLock {
            recordedSubscriptions.append(Subscription(time))
            return recordedSubscriptions.count - 1
        }
    }

    func recordUnsubscription(_ index: Int) {
        let time = testScheduler.clock
        testScheduler.record(.disposed, name: name)
        lock.withLock {
            let start = recordedSubscriptions[index].subscribe
            recordedSubscriptions[index] = Subscription(start, time)
        }
    }

    /// Logs `event`, about to be sent to a subscriber.
    func recordSending(_ event: Event<Element>) {
        testScheduler.record(.sent(TestLogEntry.describe(event)), name: name)
    }
}

/// Sends its events at their absolute virtual times to whoever is subscribed then.
///
/// Its scheduled events hold it (RxTest's lifetime): a test need not store it, it lives until
/// its last event ran; each subscription's disposable holds it too, to record the unsubscription.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>], name: String) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents, name: name)
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { [self] in
                let current = lock.withLock { observers.sorted { $0.key < $1.key }.map(\.value) }
                for observer in current {
                    recordSending(recorded.value)
                    observer.on(recorded.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = recordSubscription()
        let key: Int = lock.withLock {
            defer { nextKey += 1 }
            observers[nextKey] = AnyObserver(observer)
            return nextKey
        }
        return Disposables.create { [self] in
            let removed: AnyObserver<Element>? = lock.withLock { observers.removeValue(forKey: key) }
            if removed != nil { recordUnsubscription(index) }
        }
    }
}

/// Sends its events at times relative to each subscription.
///
/// As RxTest's: disposing a subscription silences its scheduled events but leaves them on the
/// scheduler (so the clock still reaches their times, and they hold the observer until then);
/// the subscription's disposable holds the observable, to record the unsubscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = recordSubscription()
        let disposed = BooleanDisposable()
        for recorded in recordedEvents {
            _ = testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                if !disposed.isDisposed {
                    self.recordSending(recorded.value)
                    observer.on(recorded.value)
                }
                return Disposables.create()
            }
        }
        return Disposables.create { [self] in
            guard !disposed.isDisposed else { return }
            disposed.dispose()
            recordUnsubscription(index)
        }
    }
}
