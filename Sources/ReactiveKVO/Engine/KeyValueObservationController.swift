import Dispatch
import Foundation
import Reactive

/// Observations owned by an observer, in FBKVOController's style: blocks or actions instead of
/// one `observeValue` method, duplicates ignored, everything stopped when the controller goes.
///
/// Keep the controller in a property of the observer. The observer is held weakly and passed to
/// every block; the observed objects are held strongly or weakly as chosen at creation. Thread-safe;
/// blocks run outside the controller's lock, on the changing thread or on `queue`.
public final class KeyValueObservationController<Observer: AnyObject>: @unchecked Sendable {
    private weak var observer: Observer?
    private let retainsObserved: Bool
    private let lock = Lock()
    // Guarded by lock: per observed object, its key paths and their observations.
    private var entries: [ObjectIdentifier: Entry] = [:]

    private struct Entry {
        var strongObject: AnyObject?
        weak var weakObject: AnyObject?
        var observations: [String: KeyValueObservation]
    }

    /// Creates a controller for `observer`; `retainsObserved` says whether observed objects are
    /// kept alive by it (FBKVOController's default: yes).
    public init(observer: Observer, retainsObserved: Bool = true) {
        self.observer = observer
        self.retainsObserved = retainsObserved
    }

    deinit {
        unobserveAll()
    }

    /// Observes `keyPath` of `object` with a block; a second `observe` of the same object and key
    /// path is ignored (returns false).
    ///
    /// - Throws: what `observe(_:options:queue:changeHandler:)` throws (an unknown key).
    @discardableResult
    public func observe<Object: KeyValueObservable>(_ object: Object, keyPath: String, options: KeyValueObservingOptions = [], queue: DispatchQueue? = nil, block: @escaping (Observer, Object, KeyValueChange) -> Void) throws -> Bool {
        let id = ObjectIdentifier(object)
        if lock.withLock({ entries[id]?.observations[keyPath] != nil }) { return false }
        let observation = try object.observe(keyPath, options: options, queue: queue) { [weak self] object, change in
            guard let observer = self?.observer else { return }
            block(observer, object, change)
        }
        let duplicate: Bool = lock.withLock {
            var entry = entries[id] ?? Entry(strongObject: retainsObserved ? object : nil, weakObject: object, observations: [:])
            if entry.observations[keyPath] != nil { return true }
            entry.observations[keyPath] = observation
            entries[id] = entry
            return false
        }
        if duplicate { observation.invalidate() }
        return !duplicate
    }

    /// Observes several key paths of `object` with one block.
    public func observe<Object: KeyValueObservable>(_ object: Object, keyPaths: [String], options: KeyValueObservingOptions = [], queue: DispatchQueue? = nil, block: @escaping (Observer, Object, KeyValueChange) -> Void) throws {
        for keyPath in keyPaths { try observe(object, keyPath: keyPath, options: options, queue: queue, block: block) }
    }

    /// Observes `keyPath` of `object` with an unapplied method of the observer, e.g.
    /// `observe(model, keyPath: "name", action: ViewController.nameChanged)`.
    @discardableResult
    public func observe<Object: KeyValueObservable>(_ object: Object, keyPath: String, options: KeyValueObservingOptions = [], queue: DispatchQueue? = nil, action: @escaping (Observer) -> (Object, KeyValueChange) -> Void) throws -> Bool {
        try observe(object, keyPath: keyPath, options: options, queue: queue) { observer, object, change in
            action(observer)(object, change)
        }
    }

    /// Stops observing `keyPath` of `object`; false if it was not observed.
    @discardableResult
    public func unobserve(_ object: AnyObject, keyPath: String) -> Bool {
        let observation: KeyValueObservation? = lock.withLock {
            let id = ObjectIdentifier(object)
            let removed = entries[id]?.observations.removeValue(forKey: keyPath)
            if entries[id]?.observations.isEmpty == true { entries[id] = nil }
            return removed
        }
        observation?.invalidate()
        return observation != nil
    }

    /// Stops observing every key path of `object`.
    public func unobserve(_ object: AnyObject) {
        let entry = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(object)) }
        entry?.observations.values.forEach { $0.invalidate() }
    }

    /// Stops every observation of this controller.
    public func unobserveAll() {
        let all = lock.withLock {
            defer { entries = [:] }
            return entries
        }
        for entry in all.values { entry.observations.values.forEach { $0.invalidate() } }
    }

    /// The number of observed (object, key path) pairs.
    public var observationCount: Int { lock.withLock { entries.values.reduce(0) { $0 + $1.observations.count } } }
}

/// A lightweight target/action observer (seed 003): holds the target and the observed object
/// weakly, calls the action while both live, and stops when it is released. Keep it in a
/// property of the target.
public final class KeyValueActionObserver: @unchecked Sendable {
    private var observation: KeyValueObservation?

    /// Observes `keyPath` of `object`, calling `action` on `target` with the typed change.
    public init<Object: KeyValueObservable, Target: AnyObject, Value>(object: Object, keyPath: KeyPath<Object, Value>, options: KeyValueObservingOptions = [.new], target: Target, action: @escaping (Target) -> (ObservedChange<Value>) -> Void) throws {
        observation = try object.observe(keyPath, options: options) { [weak target] _, change in
            guard let target else { return }
            action(target)(change)
        }
    }

    /// Stops the observation (also done when released), as `KeyValueObservation.invalidate()`:
    /// no change made afterwards reaches the action; one another thread was already delivering
    /// may still reach it just after this returns.
    public func invalidate() {
        observation?.invalidate()
    }

    deinit {
        observation?.invalidate()
    }
}
