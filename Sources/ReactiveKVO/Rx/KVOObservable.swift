import Reactive

/// The observable behind `rx.observe`: each subscription creates a `KVOObserver` that registers
/// with the engine and keeps itself alive until disposed (RxSwift's design).
///
/// With `retainTarget` the observable (and so each subscription) holds the observed object
/// strongly; otherwise weakly, and a subscription to a deallocated object completes at once.
final class KVOObservable<Element>: ObservableType, @unchecked Sendable {
    private weak var weakTarget: (any KeyValueObservable)?
    private let strongTarget: (any KeyValueObservable)?
    private let keyPath: String
    private let options: KeyValueObservingOptions
    private let transform: (KeyValueChange, String, String) throws -> Element

    init(object: any KeyValueObservable, keyPath: String, options: KeyValueObservingOptions, retainTarget: Bool, transform: @escaping (KeyValueChange, String, String) throws -> Element) {
        weakTarget = object
        strongTarget = retainTarget ? object : nil
        self.keyPath = keyPath
        self.options = options
        self.transform = transform
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        guard let target = strongTarget ?? weakTarget else {
            observer.on(.completed)
            return Disposables.create()
        }
        let observer = AnyObserver(observer)
        let className = "\(type(of: target))"
        let transform = self.transform
        let keyPath = self.keyPath
        let kvoObserver = KVOObserver(retaining: strongTarget)
        do {
            try kvoObserver.start(target, keyPath: keyPath, options: options) { change in
                do {
                    observer.on(.next(try transform(change, className, keyPath)))
                } catch {
                    observer.on(.error(error))
                    kvoObserver.dispose()
                }
            } deallocated: {
                // Only without `retainTarget`: the subscription ends with the object.
                observer.on(.completed)
                kvoObserver.dispose()
            }
        } catch {
            observer.on(.error(error))
            kvoObserver.dispose()
        }
        return kvoObserver
    }
}

/// One `rx.observe` subscription's registration with the engine. It holds itself (`retainSelf`)
/// until `dispose()`, so the subscription keeps delivering when nobody else holds it, and
/// disposing unregisters and frees everything.
final class KVOObserver: Disposable, @unchecked Sendable {
    private let lock = Lock()
    // Guarded by lock.
    private var retainSelf: KVOObserver?
    private var observation: KeyValueObservation?
    private var target: (any KeyValueObservable)?
    private var disposed = false
    private var deallocationHook: (registry: ObservationRegistry, id: Int)?

    init(retaining target: (any KeyValueObservable)?) {
        self.target = target
    }

    func start(_ object: some KeyValueObservable, keyPath: String, options: KeyValueObservingOptions, callback: @escaping (KeyValueChange) -> Void, deallocated: @escaping () -> Void) throws {
        lock.withLock { retainSelf = self }
        let observation = try object.observe(keyPath, options: options) { _, change in callback(change) }
        let registry = object.observationRegistry
        let hook = registry.onDeallocation(deallocated)
        let keep: Bool = lock.withLock {
            if disposed { return false }
            self.observation = observation
            self.deallocationHook = hook.map { (registry, $0) }
            return true
        }
        if !keep {
            observation.invalidate()
            if let hook { registry.removeDeallocationHook(hook) }
        }
    }

    func dispose() {
        let (observation, retained, target, hook): (KeyValueObservation?, KVOObserver?, (any KeyValueObservable)?, (registry: ObservationRegistry, id: Int)?) = lock.withLock {
            disposed = true
            defer {
                self.observation = nil
                retainSelf = nil
                self.target = nil
                deallocationHook = nil
            }
            return (self.observation, retainSelf, self.target, deallocationHook)
        }
        observation?.invalidate()
        if let hook { hook.registry.removeDeallocationHook(hook.id) }
        // Released outside the lock, and after the observation stopped.
        _ = retained
        _ = target
    }
}
