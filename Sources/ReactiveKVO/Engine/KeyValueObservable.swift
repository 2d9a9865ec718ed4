import Dispatch
import Foundation
import Reactive

/// A class whose `@Observed` properties can be read and written by key and observed, on every
/// platform (Foundation's `NSObject` key-value coding and observing, without the Objective-C
/// runtime).
///
/// Adopt it, declare a ``KeyValueRegistrar``, and mark properties `@Observed`; nothing else is
/// observable, and observing an unmarked key throws `KeyValueCodingError.unknownKey`. Override
/// the static members (as `class` members in a class hierarchy) to list computed keys, turn
/// automatic notification off for a key, or declare dependent keys.
///
/// ```
/// final class Person: KeyValueObservable {
///     let keyValueRegistrar = KeyValueRegistrar()
///     @Observed var name = "Ann"
/// }
/// let token = try person.observe(\.name, options: [.new]) { person, change in print(change.newValue!) }
/// ```
public protocol KeyValueObservable: AnyObject {
    /// The object's observers and the signal of its deallocation: declare it in the class as
    /// `let keyValueRegistrar = KeyValueRegistrar()` (see ``KeyValueRegistrar``).
    var keyValueRegistrar: KeyValueRegistrar { get }

    /// Computed properties readable by key (dependent keys are usually computed).
    static var computedKeys: [String: PartialKeyPath<Self>] { get }

    /// Whether setting the `@Observed` property `key` notifies by itself; false means the class
    /// brackets changes with `willChangeValue(forKey:)`/`didChangeValue(forKey:)`.
    static func automaticallyNotifiesObservers(forKey key: String) -> Bool

    /// The keys whose changes change `key`'s value (seed 000's `downloadProgress` depends on
    /// `writtenData` and `totalData`).
    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String>
}

extension KeyValueObservable {
    /// Not available: a class must declare its own registrar, the only way Swift offers to
    /// learn of an object's deallocation (this makes a missing one a compile-time error that
    /// says what to write).
    @available(*, unavailable, message: "declare `let keyValueRegistrar = KeyValueRegistrar()` in the class: the engine keeps the object's observers there and learns of its deallocation through it")
    public var keyValueRegistrar: KeyValueRegistrar { fatalError("unavailable") }

    /// No computed keys, unless the class lists them.
    public static var computedKeys: [String: PartialKeyPath<Self>] { [:] }
    /// Every key notifies automatically, unless the class says otherwise.
    public static func automaticallyNotifiesObservers(forKey key: String) -> Bool { true }
    /// No key depends on another, unless the class says so.
    public static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> { [] }

    var observationRegistry: ObservationRegistry { ObservationRegistry.of(self) }

    // MARK: Key-value coding

    /// The value of `key` (nil for an optional property holding nil).
    ///
    /// - Throws: `KeyValueCodingError.unknownKey` naming the class and the key.
    public func value(forKey key: String) throws -> Any? {
        try observationRegistry.value(forKey: key)
    }

    /// The value at a dotted key path such as `"address.city"`; nil if an intermediate is nil.
    ///
    /// - Throws: `unknownKey`, or `notKeyValueObservable` for an intermediate that does not adopt
    ///   `KeyValueObservable`.
    public func value(forKeyPath keyPath: String) throws -> Any? {
        let steps = try keyPathSteps(keyPath, className: "\(Self.self)")
        var current: Any? = self
        for step in steps {
            guard let value = current else { return nil }
            guard let object = value as? any KeyValueObservable else {
                throw KeyValueCodingError.notKeyValueObservable(key: step, type: "\(type(of: value))")
            }
            current = try object.value(forKey: step)
        }
        return current
    }

    /// Sets the `@Observed` property `key`, notifying its observers.
    ///
    /// - Throws: `unknownKey`, `readOnlyKey` for a computed key, or `typeMismatch` naming the
    ///   class, the key, the property's type and the value's type.
    public func setValue(_ value: Any?, forKey key: String) throws {
        try observationRegistry.setValue(value, forKey: key)
    }

    /// Sets the property at a dotted key path; does nothing if an intermediate is nil.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) throws {
        var steps = try keyPathSteps(keyPath, className: "\(Self.self)")
        guard let last = steps.popLast() else { return }
        var target: any KeyValueObservable = self
        for step in steps {
            guard let next = try target.value(forKey: step) else { return }
            guard let object = next as? any KeyValueObservable else {
                throw KeyValueCodingError.notKeyValueObservable(key: step, type: "\(type(of: next))")
            }
            target = object
        }
        try target.setValue(value, forKey: last)
    }

    // MARK: Observing

    /// Registers `observer` for changes of `keyPath` (a key or a dotted key path).
    ///
    /// The observer is held weakly. Adding the same observer for the same key path and context
    /// again does nothing and returns false (one registration gives one callback per change).
    /// Callbacks run synchronously on the thread that changes the value, never under the
    /// engine's lock; `.initial` calls back before this returns.
    ///
    /// - Throws: `unknownKey` (naming the class and key), `notKeyValueObservable`, `dependencyCycle`.
    @discardableResult
    public func addObserver(_ observer: KeyValueObserving, forKeyPath keyPath: String, options: KeyValueObservingOptions = [], context: UnsafeMutableRawPointer? = nil) throws -> Bool {
        let registration = Registration(keyPath: keyPath, options: options, context: context, observer: observer, queue: nil, block: nil)
        return try register(registration)
    }

    /// Removes the registration of `observer` for `keyPath` and `context`.
    ///
    /// Returns false, and does nothing else, if there is no such registration (removing twice
    /// is harmless). Once this returns, no change made afterwards reaches the observer; a
    /// callback for a change another thread was already delivering may still start just after
    /// it returns, at most one per such thread (as an Rx subscription's `dispose()`).
    @discardableResult
    public func removeObserver(_ observer: KeyValueObserving, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) -> Bool {
        let identity = ObjectIdentifier(observer)
        return unregister(keyPath: keyPath) { $0.observerIdentity == identity && $0.keyPath == keyPath && $0.context == context }
    }

    /// Removes every registration of `observer` for `keyPath`, whatever the context.
    @discardableResult
    public func removeObserver(_ observer: KeyValueObserving, forKeyPath keyPath: String) -> Bool {
        let identity = ObjectIdentifier(observer)
        return unregister(keyPath: keyPath) { $0.observerIdentity == identity && $0.keyPath == keyPath }
    }

    /// Observes `keyPath` with a block; the returned token stops on `invalidate()` or release.
    ///
    /// `queue`, if given, is where the block runs (asynchronously, in order); otherwise it runs
    /// synchronously on the changing thread.
    public func observe(_ keyPath: String, options: KeyValueObservingOptions = [], queue: DispatchQueue? = nil, changeHandler: @escaping (Self, KeyValueChange) -> Void) throws -> KeyValueObservation {
        let registration = Registration(keyPath: keyPath, options: options, context: nil, observer: nil, queue: queue) { object, change in
            // The registry only ever calls back with the object it belongs to.
            changeHandler(unsafeDowncast(object, to: Self.self), change)
        }
        return try observe(registration)
    }

    /// Registers `registration` and returns the token that ends it.
    func observe(_ registration: Registration) throws -> KeyValueObservation {
        _ = try register(registration)
        return KeyValueObservation(object: self, registration: registration)
    }

    /// Observes a property through a typed key path (an `@Observed` property or a computed key).
    ///
    /// Typed and string observers of the same property see the same changes.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: KeyValueObservingOptions = [], queue: DispatchQueue? = nil, changeHandler: @escaping (Self, ObservedChange<Value>) -> Void) throws -> KeyValueObservation {
        let key = try observationRegistry.key(for: keyPath, of: self)
        return try observe(key, options: options, queue: queue) { object, change in
            changeHandler(object, ObservedChange(change))
        }
    }

    /// Announces a change of `key` that the class makes itself (manual notification).
    /// Pairs nest: only the outermost `didChangeValue(forKey:)` notifies.
    public func willChangeValue(forKey key: String) {
        observationRegistry.willChange(key, .setting)
    }

    /// Ends a change announced by `willChangeValue(forKey:)`.
    public func didChangeValue(forKey key: String) {
        observationRegistry.didChange(key, .setting)
    }

    /// The key path of `keyPath` as a key name, for typed-to-string bridges.
    public func key<Value>(for keyPath: KeyPath<Self, Value>) throws -> String {
        try observationRegistry.key(for: keyPath, of: self)
    }

    /// A description of the current registrations (observer, key path, options, context).
    public var observationInfo: String { observationRegistry.observationInfo }

    /// The number of current registrations (a dotted key path counts once per step).
    public var observationCount: Int { observationRegistry.registrationCount }

    func register(_ registration: Registration) throws -> Bool {
        let registry = observationRegistry
        let steps = try keyPathSteps(registration.keyPath, className: registry.className)
        guard let first = steps.first else {
            throw KeyValueCodingError.unknownKey(className: registry.className, key: registration.keyPath)
        }
        if steps.count == 1 {
            let added = try registry.add(registration, forKey: first)
            if added && registration.options.contains(.initial) {
                let value = registry.initialValue(forKey: first)
                registration.deliver(KeyValueChange(kind: .setting, newValue: registration.options.contains(.new) ? value : nil), of: self)
            }
            return added
        }
        return try KeyPathChain.register(registration, on: self, steps: steps)
    }

    func unregister(keyPath: String, where match: @escaping (Registration) -> Bool) -> Bool {
        observationRegistry.unregister(keyPath: keyPath, where: match)
    }
}

/// A block observation; it stops on `invalidate()` or when released (Foundation's
/// `NSKeyValueObservation`).
public final class KeyValueObservation: @unchecked Sendable {
    // The registry, not the object: no weak reference to the object (which would make every
    // retain of it slow), and invalidating after the object is gone still cleans up.
    private let registry: ObservationRegistry
    private let registration: Registration

    init<Object: KeyValueObservable>(object: Object, registration: Registration) {
        registry = object.observationRegistry
        self.registration = registration
    }

    /// Stops the observation. Idempotent.
    ///
    /// Once this returns, no change made afterwards reaches the callback; a callback for a
    /// change another thread was already delivering may still start just after it returns, at
    /// most one per such thread (as an Rx subscription's `dispose()`).
    public func invalidate() {
        guard registration.deactivate() else { return }
        let registration = self.registration
        _ = registry.unregister(keyPath: registration.keyPath) { $0 === registration }
    }

    deinit {
        invalidate()
    }
}
