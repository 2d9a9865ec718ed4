import Reactive

/// An observable driven by recorded events, that records its subscriptions (RxTest's type).
///
/// Create one with `TestScheduler.createHotObservable` or `createColdObservable`.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// The scheduler that drives it.
    public let testScheduler: TestScheduler
    /// The events it sends.
    public let recordedEvents: [Recorded<Event<Element>>]

    let lock = Lock()
    var recordedSubscriptions: [Subscription] = []

    /// The subscriptions it received, with subscribe and unsubscribe times.
    public var subscriptions: [Subscription] { lock.withLock { recordedSubscriptions } }

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Subscribes `observer`. Overridden by the hot and cold kinds.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        fatalError("TestableObservable is abstract: use createHotObservable or createColdObservable")
    }

    func recordSubscription() -> Int {
        let time = testScheduler.clock
        return lock.withLock {
            recordedSubscriptions.append(Subscription(time))
            return recordedSubscriptions.count - 1
        }
    }

    func recordUnsubscription(_ index: Int) {
        let time = testScheduler.clock
        lock.withLock {
            let start = recordedSubscriptions[index].subscribe
            recordedSubscriptions[index] = Subscription(start, time)
        }
    }
}

/// Sends its events at their absolute virtual times to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { [weak self] in
                guard let self else { return }
                let current = self.lock.withLock { self.observers.sorted { $0.key < $1.key }.map(\.value) }
                for observer in current { observer.on(recorded.value) }
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
        return Disposables.create { [weak self] in
            guard let self else { return }
            let removed: AnyObserver<Element>? = self.lock.withLock { self.observers.removeValue(forKey: key) }
            if removed != nil { self.recordUnsubscription(index) }
        }
    }
}

/// Sends its events at times relative to each subscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = recordSubscription()
        let scheduled = CompositeDisposable()
        for recorded in recordedEvents {
            scheduled.insert(testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                observer.on(recorded.value)
                return Disposables.create()
            })
        }
        return Disposables.create { [weak self] in
            self?.recordUnsubscription(index)
            scheduled.dispose()
        }
    }
}
