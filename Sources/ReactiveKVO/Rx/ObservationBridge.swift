import Observation
import Reactive
import Synchronization

extension ObservableType {
    /// The values of a property of an `@Observable` model (Swift's Observation framework), as an
    /// Rx sequence; built on `withObservationTracking`, re-armed after each change.
    ///
    /// Delivery: the current value is sent synchronously at subscription. Observation reports a
    /// change before it is stored (`willSet`), so each change schedules a read on `scheduler`,
    /// which sends the value then current and re-arms the tracking. Changes made before that read
    /// are coalesced into one element (the latest value); equal values are not filtered. Later
    /// elements arrive on `scheduler`: use a serial one (`MainScheduler.instance`, a
    /// `SerialDispatchQueueScheduler`) so that elements never overlap, and mutate the model on
    /// that scheduler's thread too: the value is read there (an `@Observable` model is not
    /// thread-safe by itself). Holds `model` strongly
    /// until disposed; disposing stops the tracking (a change already reported is ignored).
    public static func observing<Model: Observation.Observable & AnyObject>(_ model: Model, _ keyPath: KeyPath<Model, Element> & Sendable, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let tracker = ObservationTracker(model: model, keyPath: keyPath, scheduler: scheduler, observer: observer)
            tracker.arm()
            return tracker
        }
    }
}

/// One subscription of `Observable.observing`: arms `withObservationTracking`, re-arms on change.
private final class ObservationTracker<Model: AnyObject, Value>: Disposable, @unchecked Sendable {
    private let model: Model
    private let keyPath: KeyPath<Model, Value>
    private let scheduler: ImmediateSchedulerType
    private let observer: AnyObserver<Value>
    private let disposed = Atomic<Bool>(false)
    private let pending = SerialDisposable()

    init(model: Model, keyPath: KeyPath<Model, Value>, scheduler: ImmediateSchedulerType, observer: AnyObserver<Value>) {
        self.model = model
        self.keyPath = keyPath
        self.scheduler = scheduler
        self.observer = observer
    }

    /// Reads the value while tracking it, and sends it.
    func arm() {
        if disposed.load(ordering: .acquiring) { return }
        let value = withObservationTracking {
            model[keyPath: keyPath]
        } onChange: { [weak self] in
            // Weak: the model's registrar keeps this closure until the next change, which may
            // never come after disposal.
            self?.changed()
        }
        observer.onNext(value)
    }

    private func changed() {
        if disposed.load(ordering: .acquiring) { return }
        pending.disposable = scheduler.schedule(self) { tracker in
            tracker.arm()
            return Disposables.create()
        }
    }

    func dispose() {
        disposed.store(true, ordering: .releasing)
        pending.dispose()
    }
}
