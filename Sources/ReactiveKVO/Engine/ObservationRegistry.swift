import Dispatch
import Foundation
import Reactive
import Synchronization

/// The registrations of one object: created on first observation, reached from the object's
/// `@Observed` storages, gone with the object.
///
/// Everything is decided under `lock` and every callback runs after unlocking, so observers may
/// add or remove observers, or mutate the object, from inside a callback.
@usableFromInline final class ObservationRegistry: @unchecked Sendable {
    let lock = Lock()
    /// Not weak: a weak reference would give the object a side table and make every retain of
    /// it slow. Valid while `alive`; only a caller that holds the object reads it.
    /// Unmanaged rather than `unowned(unsafe)`: reading it never touches a dead object's count.
    let unmanagedObject: Unmanaged<AnyObject>
    private let alive = Atomic<Bool>(true)
    let objectID: ObjectIdentifier

    /// The object, or nil once it is being deallocated.
    var object: AnyObject? { alive.load(ordering: .acquiring) ? unmanagedObject.takeUnretainedValue() : nil }
    let className: String
    /// The object's `@Observed` storages by key. Unowned: they live exactly as long as the
    /// object, and are only touched after `object` was loaded strongly.
    private let storages: [String: Unmanaged<AnyObject>]
    private let automatic: (String) -> Bool
    private let affecting: (String) -> Set<String>
    private let computed: (AnyObject, String) -> Any??
    private let computedKeyForKeyPath: (AnyKeyPath) -> String?
    private let computedKeyNames: [String]
    // Guarded by lock.
    private(set) var keys: [String: KeyState] = [:]
    private var deallocHooks: [Int: (early: Bool, run: () -> Void)] = [:]
    private var nextHook = 0
    private(set) var isDeallocated = false
    private var keyPathCache: [AnyKeyPath: String] = [:]

    private static let creationLock = Lock()

    private init<Object: KeyValueObservable>(_ object: Object, storages: [String: AnyObservedStorage]) {
        unmanagedObject = Unmanaged.passUnretained(object)
        objectID = ObjectIdentifier(object)
        className = "\(type(of: object))"
        self.storages = storages.mapValues { Unmanaged.passUnretained($0 as AnyObject) }
        let type = type(of: object)
        automatic = { type.automaticallyNotifiesObservers(forKey: $0) }
        affecting = { type.keyPathsForValuesAffectingValue(forKey: $0) }
        let computedKeys = type.computedKeys
        computed = { object, key in
            guard let keyPath = computedKeys[key], let object = object as? Object else { return nil }
            return .some(object[keyPath: keyPath])
        }
        computedKeyForKeyPath = { keyPath in computedKeys.first { $0.value == keyPath }?.key }
        computedKeyNames = computedKeys.keys.sorted()
    }

    /// The object's registry, created on first use and kept by its registrar.
    static func of<Object: KeyValueObservable>(_ object: Object) -> ObservationRegistry {
        let registrar = object.keyValueRegistrar
        if let registry = registrar.registry {
            if registry.objectID == ObjectIdentifier(object) { return registry }
            return sharedRegistrar(registry, object)
        }
        return reflect(object, registrar)
    }

    /// A registrar already serving another object: a programming error, which debug builds stop
    /// at. Release builds go on with a registry the registrar does not keep, so this object's
    /// observers hear nothing of its deallocation.
    private static func sharedRegistrar<Object: KeyValueObservable>(_ registry: ObservationRegistry, _ object: Object) -> ObservationRegistry {
        Hooks.reportMisuse("\(Object.self): its keyValueRegistrar already serves another object (a \(registry.className)); "
            + "each object needs its own: declare `let keyValueRegistrar = KeyValueRegistrar()` in the class")
        return reflect(object, nil)
    }

    private static func reflect<Object: KeyValueObservable>(_ object: Object, _ registrar: KeyValueRegistrar?) -> ObservationRegistry {
        // Reflection reads only the object's own fields: outside the lock. A storage's registry
        // is read and written only under `creationLock`, and published (to the registrar, which
        // other threads read without the lock, and to the storages) only once the registry is
        // complete, every key's state in its table: a thread that finds it can use it at once,
        // while its creator writes nothing more.
        var found: [String: AnyObservedStorage] = [:]
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let property = child.value as? AnyObservedProperty else { continue }
                let key = label.hasPrefix("_") ? String(label.dropFirst()) : label
                if found[key] == nil { found[key] = property.anyStorage }
            }
            mirror = current.superclassMirror
        }
        return creationLock.withLock {
            // Another thread may have created it meanwhile.
            if let registry = registrar?.registry { return registry }
            let registry = ObservationRegistry(object, storages: found)
            for (key, storage) in found {
                storage.key = key
                let keyState = registry.keys[key] ?? KeyState(registry: registry)
                keyState.automaticallyNotifies = registry.automatic(key)
                registry.keys[key] = keyState
                storage.keyState = keyState
            }
            guard let registrar else { return registry }
            for storage in found.values { storage.registry = registry }
            return registrar.install(registry)
        }
    }

    private func storage(_ key: String) -> AnyObservedStorage? {
        // Only called while `object` is held strongly, so the storage is alive.
        storages[key].map { $0.takeUnretainedValue() as! AnyObservedStorage }
    }

    // MARK: Key-value coding

    /// The value of `key`; throws for a key that is neither `@Observed` nor a computed key.
    func value(forKey key: String) throws -> Any? {
        guard let object else { return nil }
        return try withExtendedLifetime(object) {
            if let storage = storage(key) { return storage.anyValue }
            if let value = computed(object, key) { return value.flatMap(unwrapped) }
            throw KeyValueCodingError.unknownKey(className: className, key: key)
        }
    }

    func setValue(_ value: Any?, forKey key: String) throws {
        guard let object else { return }
        try withExtendedLifetime(object) {
            guard let storage = storage(key) else {
                if computedKeyNames.contains(key) { throw KeyValueCodingError.readOnlyKey(className: className, key: key) }
                throw KeyValueCodingError.unknownKey(className: className, key: key)
            }
            try storage.setAnyValue(value, className: className)
        }
    }

    /// The storage of an array property, for `mutableArrayValue(forKey:)`.
    func arrayStorage(forKey key: String) throws -> (AnyObject, KeyValueArrayStorage) {
        guard let object, let storage = storage(key) else {
            throw KeyValueCodingError.unknownKey(className: className, key: key)
        }
        guard let array = storage as? KeyValueArrayStorage else {
            throw KeyValueCodingError.notAnArray(className: className, key: key, type: "\(storage.valueType)")
        }
        return (object, array)
    }

    /// The key a typed key path names: a computed key, or the `@Observed` property whose getter
    /// it runs.
    func key<Object: KeyValueObservable>(for keyPath: PartialKeyPath<Object>, of object: Object) throws -> String {
        if let key = lock.withLock({ keyPathCache[keyPath] }) { return key }
        var key = computedKeyForKeyPath(keyPath)
        if key == nil {
            let all = storages.map { ($0.key, $0.value.takeUnretainedValue() as! AnyObservedStorage) }
            key = KeyPathProbe.probe {
                for (_, storage) in all { storage.setProbing(true) }
                _ = object[keyPath: keyPath]
                for (_, storage) in all { storage.setProbing(false) }
                return all.first { $0.1.probedKeyPath == keyPath }?.0
            }
        }
        guard let key else {
            throw KeyValueCodingError.unknownKey(className: className, key: "\(keyPath)")
        }
        lock.withLock { keyPathCache[keyPath] = key }
        return key
    }

    // MARK: Registration

    /// Adds a registration for a single key; false (nothing added) for a duplicate observer.
    func add(_ registration: Registration, forKey key: String) throws -> Bool {
        guard let object else { return false }
        let closure = try dependencyClosure(of: key)
        // Whether the key exists is read from the declarations: a computed key's getter is user
        // code (it may read state other threads write), not run just to register.
        guard storage(key) != nil || computedKeyNames.contains(key) else {
            throw KeyValueCodingError.unknownKey(className: className, key: key)
        }
        _ = remove(forKey: key) { $0.observerIsGone }
        let added: Bool = lock.withLock {
            let state = keyState(key)
            if let identity = registration.observerIdentity, state.registrations.contains(where: {
                $0.observerIdentity == identity && $0.context == registration.context && $0.keyPath == registration.keyPath
            }) {
                return false
            }
            state.registrations.append(registration)
            for dependency in closure { keyState(dependency).dependents[key, default: 0] += 1 }
            return true
        }
        if added {
            storage(key)?.addWatchers(1)
            for dependency in closure { storage(dependency)?.addWatchers(1) }
        }
        return withExtendedLifetime(object) { added }
    }

    /// Removes a registration made under `keyPath` (a key or a dotted key path) matching `match`.
    func unregister(keyPath: String, where match: (Registration) -> Bool) -> Bool {
        let steps = keyPath.split(separator: ".")
        if steps.count <= 1 {
            return !remove(forKey: keyPath, where: match).isEmpty
        }
        let removed = remove(forKey: KeyPathChain.rootKey(for: keyPath), where: match)
        for registration in removed { registration.chain?.invalidate() }
        return !removed.isEmpty
    }

    /// Adds the registration of a dotted key path under the key path itself (its chain watches
    /// the steps); false for a duplicate observer.
    func addDotted(_ registration: Registration) -> Bool {
        removeGoneObservers()
        return lock.withLock {
            let state = keyState(registration.keyPath)
            if let identity = registration.observerIdentity, state.registrations.contains(where: {
                $0.observerIdentity == identity && $0.context == registration.context
            }) {
                return false
            }
            state.registrations.append(registration)
            return true
        }
    }

    /// Removes registrations matching `match` for `key`; returns the ones removed.
    func remove(forKey key: String, where match: (Registration) -> Bool) -> [Registration] {
        // Callable after the object is gone (a token invalidated later): then only the
        // registrations are dropped, the storages are not touched.
        let object = self.object
        let closure = (try? dependencyClosure(of: key)) ?? []
        let removed: [Registration] = lock.withLock {
            guard let state = keys[key] else { return [] }
            let removed = state.registrations.filter(match)
            if removed.isEmpty { return [] }
            state.registrations.removeAll(where: match)
            for dependency in closure {
                let dependencyState = keyState(dependency)
                dependencyState.dependents[key, default: 0] -= removed.count
                if dependencyState.dependents[key] == 0 { dependencyState.dependents[key] = nil }
            }
            return removed
        }
        for registration in removed { _ = registration.deactivate() }
        if !removed.isEmpty, let object {
            withExtendedLifetime(object) {
                storage(key)?.addWatchers(-removed.count)
                for dependency in closure { storage(dependency)?.addWatchers(-removed.count) }
            }
        }
        return removed
    }

    /// Every key `key` depends on, transitively; throws on a cycle.
    private func dependencyClosure(of key: String) throws -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        func visit(_ current: String, path: [String]) throws {
            for dependency in affecting(current).sorted() {
                if dependency == key || path.contains(dependency) {
                    throw KeyValueCodingError.dependencyCycle(className: className, keys: path + [dependency])
                }
                if seen.insert(dependency).inserted { result.append(dependency) }
                try visit(dependency, path: path + [dependency])
            }
        }
        try visit(key, path: [key])
        return result
    }

    private func keyState(_ key: String) -> KeyState {
        if let state = keys[key] { return state }
        let state = KeyState(registry: self)
        keys[key] = state
        return state
    }

    // MARK: Notification

    /// The registrations of `key` for a `.initial` callback.
    func initialValue(forKey key: String) -> Any? {
        (try? value(forKey: key)) ?? nil
    }

    /// Before a change of `key`: captures old values and sends prior callbacks for it and the
    /// keys that depend on it. Nested calls for the same key count; only the outermost acts.
    func willChange(_ key: String, _ kind: KeyValueChange.Kind, indexes: IndexSet? = nil, oldElements: [Any]? = nil) {
        guard let object else { return }
        var starting: [(key: String, registrations: [Registration])] = []
        lock.withLock {
            guard !isDeallocated else { return }
            for affected in [key] + (keys[key]?.dependents.keys.sorted() ?? []) {
                let state = keyState(affected)
                state.nesting += 1
                guard state.nesting == 1 else { continue }
                state.pendingKind = affected == key ? (kind, indexes) : (.setting, nil)
                state.pendingOld = nil
                if !state.registrations.isEmpty { starting.append((affected, state.registrations)) }
            }
        }
        for (affected, registrations) in starting {
            let needsOld = registrations.contains { $0.options.contains(.old) || $0.options.contains(.prior) }
            var old: Any?
            if needsOld {
                old = affected == key && kind != .setting ? oldElements : ((try? value(forKey: affected)) ?? nil)
            }
            lock.withLock { keys[affected]?.pendingOld = .some(old) }
            let (changeKind, changeIndexes) = affected == key ? (kind, indexes) : (.setting, nil)
            for registration in registrations where registration.options.contains(.prior) {
                let change = KeyValueChange(kind: changeKind, oldValue: registration.options.contains(.old) ? old : nil, indexes: changeIndexes, isPrior: true)
                registration.deliver(change, of: object)
            }
        }
    }

    /// After a change of `key`: the outermost call notifies the observers of `key` and of the
    /// keys that depend on it, with the recomputed values.
    func didChange(_ key: String, _ kind: KeyValueChange.Kind, newElements: [Any]? = nil) {
        guard let object else { return }
        var finishing: [(key: String, registrations: [Registration], old: Any?, kind: KeyValueChange.Kind, indexes: IndexSet?)] = []
        lock.withLock {
            guard !isDeallocated else { return }
            for affected in [key] + (keys[key]?.dependents.keys.sorted() ?? []) {
                guard let state = keys[affected], state.nesting > 0 else { continue }
                state.nesting -= 1
                guard state.nesting == 0 else { continue }
                let old = state.pendingOld ?? nil
                state.pendingOld = nil
                if !state.registrations.isEmpty {
                    finishing.append((affected, state.registrations, old, state.pendingKind.0, state.pendingKind.1))
                }
            }
        }
        for (affected, registrations, old, changeKind, indexes) in finishing {
            let needsNew = registrations.contains { $0.options.contains(.new) }
            var new: Any?
            if needsNew {
                new = affected == key && changeKind != .setting ? newElements : ((try? value(forKey: affected)) ?? nil)
            }
            for registration in registrations {
                let change = KeyValueChange(
                    kind: changeKind,
                    oldValue: registration.options.contains(.old) ? old : nil,
                    newValue: registration.options.contains(.new) ? new : nil,
                    indexes: indexes)
                registration.deliver(change, of: object)
            }
        }
    }

    // MARK: Deallocation

    /// Runs `hook` once when the object is deallocated (at once if it already is). `early`
    /// hooks run before the others, each group in the order added.
    func onDeallocation(early: Bool, _ hook: @escaping () -> Void) -> Int? {
        let id: Int? = lock.withLock {
            if isDeallocated { return nil }
            defer { nextHook += 1 }
            deallocHooks[nextHook] = (early, hook)
            return nextHook
        }
        if id == nil { hook() }
        return id
    }

    func removeDeallocationHook(_ id: Int) {
        _ = lock.withLock { deallocHooks.removeValue(forKey: id) }
    }

    /// Whether a will/did change of `key` is in progress (its `willChange` came, its
    /// `didChange` not yet).
    func isChanging(_ key: String) -> Bool {
        lock.withLock { (keys[key]?.nesting ?? 0) > 0 }
    }

    /// The object is going (its registrar or an `@Observed` storage is being released): every
    /// registration ends, hooks run once.
    func objectDeallocated() {
        alive.store(false, ordering: .releasing)
        let (order, registrations, unbalanced): ([Int], [Registration], [String]) = lock.withLock {
            if isDeallocated { return ([], [], []) }
            isDeallocated = true
            for state in keys.values { state.isDead = true }
            let unbalanced = keys.filter { $0.value.nesting > 0 }.map(\.key).sorted()
            defer { keys = [:] }
            let order = deallocHooks.sorted { ($0.value.early ? 0 : 1, $0.key) < ($1.value.early ? 0 : 1, $1.key) }.map(\.key)
            return (order, keys.values.flatMap(\.registrations), unbalanced)
        }
        #if DEBUG
        // A will without its did silenced the key for good: say so, once, as the object goes.
        for key in unbalanced {
            Hooks.defaultErrorHandler([], KeyValueCodingError.unbalancedWillChange(className: className, key: key))
        }
        #else
        _ = unbalanced
        #endif
        for registration in registrations { _ = registration.deactivate() }
        // One at a time, each only if still there: a hook may dispose what added later ones
        // (the end of an `observeWeakly` disposes the steps that watch the same object).
        for id in order {
            guard let hook = lock.withLock({ deallocHooks.removeValue(forKey: id) }) else { continue }
            hook.run()
        }
    }

    // MARK: Debugging

    /// A readable list of the registrations, one per line: observer, key path, options, context.
    var observationInfo: String {
        let entries: [String] = lock.withLock {
            keys.sorted { $0.key < $1.key }.flatMap { key, state in
                state.registrations.filter { $0.isActive && !$0.observerIsGone }.map { registration in
                    let context = registration.context.map { "\($0)" } ?? "nil"
                    return "<\(registration.observerDescription)> keyPath: \(registration.keyPath) (key \(key)) options: \(describe(registration.options)) context: \(context)"
                }
            }
        }
        return "<\(className) observationInfo> " + (entries.isEmpty ? "(no registrations)" : "\n" + entries.joined(separator: "\n"))
    }

    /// The number of active registrations, for tests.
    var registrationCount: Int {
        removeGoneObservers()
        return lock.withLock { keys.values.reduce(0) { $0 + $1.registrations.filter { $0.isActive && !$0.observerIsGone }.count } }
    }

    /// Drops the registrations whose observer was released, with what a dotted key path's
    /// registration keeps on the objects of its path (its chain's per-step registrations).
    /// Observers are held weakly, so this happens lazily: when the count is read, when a
    /// registration is added, and when a step of a dead observer's path changes.
    func removeGoneObservers() {
        let keysWithGone: [String] = lock.withLock {
            keys.compactMap { key, state in state.registrations.contains { $0.observerIsGone } ? key : nil }
        }
        for key in keysWithGone {
            for registration in remove(forKey: key, where: { $0.observerIsGone }) { registration.chain?.invalidate() }
        }
    }
}

private func describe(_ options: KeyValueObservingOptions) -> String {
    var names: [String] = []
    if options.contains(.new) { names.append("new") }
    if options.contains(.old) { names.append("old") }
    if options.contains(.initial) { names.append("initial") }
    if options.contains(.prior) { names.append("prior") }
    return "[" + names.joined(separator: ", ") + "]"
}
