import Reactive

/// The observable behind `rx.observe`: each subscription creates a `KVOObserver` that registers
/// with the engine and keeps itself alive until disposed (RxSwift's design).
///
/// With `retainTarget` the observable (and so each subscription) holds the observed object
/// strongly; otherwise weakly, and a subscription to a deallocated object completes at once.
@usableFromInline final class KVOObservable<Element>: @unchecked Sendable {
    private weak var weakTarget: (any KeyValueObservable)?
    private let strongTarget: (any KeyValueObservable)?
    private let keyPath: String
    private let options: KeyValueObservingOptions
    private let transform: KVOTransform<Element>
    private let direct: KVODirectDelivery<Element>?

    /// `transform` makes an element of every change record; `direct`, if given, lets a plain set
    /// of a property of its value type hand the value over without a change record.
    @usableFromInline init(object: any KeyValueObservable, keyPath: String, options: KeyValueObservingOptions, retainTarget: Bool, direct: KVODirectDelivery<Element>? = nil, transform: KVOTransform<Element>) {
        weakTarget = object
        strongTarget = retainTarget ? object : nil
        self.keyPath = keyPath
        self.options = options
        self.transform = transform
        self.direct = direct
    }

    /// The observable: each subscription starts a `KVOObserver`.
    @usableFromInline func asObservable() -> Observable<Element> {
        Observable(run: { _, downstream in self.start(consume downstream) })
    }

    private func start(_ downstream: consuming Downstream<Element>) -> Upstream {
        guard let target = strongTarget ?? weakTarget else {
            downstream.on(.completed)
            return .none
        }
        let observer = KVOObserver(downstream: consume downstream, retaining: strongTarget)
        observer.start(target, keyPath: keyPath, options: options, direct: direct, transform: transform)
        return .object(observer)
    }
}

/// How an `rx.observe` subscription makes an element of a change: `make` receives the observed
/// object (alive for the call) and the change record. For a value of another type than the one
/// asked for, it returns `mismatch` with the type found: the subscription then says so once
/// (see `TypeMismatchReport`).
@usableFromInline struct KVOTransform<Element> {
    @usableFromInline let requested: Any.Type
    @usableFromInline let make: (AnyObject, KeyValueChange) -> (element: Element, mismatch: Any.Type?)

    @inlinable init(requested: Any.Type, _ make: @escaping (AnyObject, KeyValueChange) -> (element: Element, mismatch: Any.Type?)) {
        self.requested = requested
        self.make = make
    }
}

/// How an `rx.observe` subscription takes new values of a `Value` property straight from its
/// setter: the engine's `KeyValueSink`, made in the caller's specialised code so that the
/// delivery runs specialised.
@usableFromInline struct KVODirectDelivery<Element> {
    @usableFromInline let valueType: ObjectIdentifier
    @usableFromInline let makeSink: (KVOObserver<Element>) -> AnyObject

    /// Values of a `Value` property delivered as `wrap(value)` (`Element` is `Value` or `Value?`).
    @inlinable static func values<Value>(of _: Value.Type, _ wrap: @escaping (inout Value) -> Element) -> KVODirectDelivery<Element> {
        KVODirectDelivery(valueType: ObjectIdentifier(Value.self)) { observer in
            KeyValueSink<Value>(observer, wrap: wrap)
        }
    }

    @inlinable init(valueType: ObjectIdentifier, makeSink: @escaping (KVOObserver<Element>) -> AnyObject) {
        self.valueType = valueType
        self.makeSink = makeSink
    }
}

extension KeyValueSink {
    /// A sink delivering `wrap(value)` to an `rx.observe` subscriber.
    @inlinable convenience init<Element>(_ observer: KVOObserver<Element>, wrap: @escaping (inout Value) -> Element) {
        self.init(target: KVOValueTarget(observer: observer, wrap: wrap)) { target, value in
            let target = unsafeDowncast(target, to: KVOValueTarget<Value, Element>.self)
            target.observer.deliver(target.wrap(&value))
        }
    }
}

/// What a `KeyValueSink` made for `rx.observe` calls: the subscription and how to make its element.
@usableFromInline final class KVOValueTarget<Value, Element> {
    @usableFromInline let observer: KVOObserver<Element>
    @usableFromInline let wrap: (inout Value) -> Element

    @inlinable init(observer: KVOObserver<Element>, wrap: @escaping (inout Value) -> Element) {
        self.observer = observer
        self.wrap = wrap
    }
}

/// One `rx.observe` subscription's registration with the engine. It holds itself (`retainSelf`)
/// until `dispose()`, so the subscription keeps delivering when nobody else holds it, and
/// disposing unregisters and frees everything.
///
/// Elements go to the downstream on the changing thread; after an error or completion, and
/// once `dispose()` returned, nothing more is delivered.
@usableFromInline final class KVOObserver<Element>: Disposable, @unchecked Sendable {
    @usableFromInline let downstream: Downstream<Element>
    private let lock = Lock()
    // Guarded by lock.
    private var retainSelf: KVOObserver?
    private var observation: KeyValueObservation?
    private var target: (any KeyValueObservable)?
    private var disposed = false
    private var deallocationHook: (registry: ObservationRegistry, id: Int)?

    init(downstream: Downstream<Element>, retaining target: (any KeyValueObservable)?) {
        self.downstream = downstream
        self.target = target
    }

    /// A new value, from the setter (the registration stops delivering once disposed).
    @inlinable func deliver(_ element: Element) {
        downstream.on(.next(element))
    }

    func start(_ object: some KeyValueObservable, keyPath: String, options: KeyValueObservingOptions, direct: KVODirectDelivery<Element>?, transform: KVOTransform<Element>) {
        lock.withLock { retainSelf = self }
        let report = TypeMismatchReport(call: "rx.observe(\(transform.requested).self, \"\(keyPath)\")", className: "\(type(of: object))", keyPath: keyPath, requested: transform.requested)
        let block: (AnyObject, KeyValueChange) -> Void = { [weak self] object, change in
            // Weak, not unowned: a setter on another thread delivers to a snapshot of the
            // registrations taken under the engine's lock, so this can run after `dispose()`
            // has removed the registration and released the observer.
            guard let self else { return }
            let (element, mismatch) = transform.make(object, change)
            if let mismatch { report.report(found: mismatch) }
            self.downstream.on(.next(element))
        }
        let registration: Registration
        if let direct, options.contains(.new), !options.contains(.old) {
            registration = Registration(keyPath: keyPath, options: options, queue: nil, valueSink: direct.makeSink(self), valueType: direct.valueType, block: block)
        } else {
            registration = Registration(keyPath: keyPath, options: options, context: nil, observer: nil, queue: nil, block: block)
        }
        registration.failureHandler = { [weak self] error in self?.terminate(.error(error)) }
        let observation: KeyValueObservation
        do {
            observation = try object.observe(registration)
        } catch {
            terminate(.error(error))
            return
        }
        let registry = object.observationRegistry
        let hook = registry.onDeallocation(early: true) { [weak self] in
            // Only without `retainTarget`: the subscription ends with the object.
            self?.terminate(.completed)
        }
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

    /// Sends a terminal event once, then disposes.
    private func terminate(_ event: Event<Element>) {
        let first: Bool = lock.withLock {
            defer { disposed = true }
            return !disposed
        }
        guard first else { return }
        downstream.on(event)
        release()
    }

    @usableFromInline func dispose() {
        lock.withLock { disposed = true }
        release()
    }

    private func release() {
        let (observation, retained, target, hook): (KeyValueObservation?, KVOObserver?, (any KeyValueObservable)?, (registry: ObservationRegistry, id: Int)?) = lock.withLock {
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
