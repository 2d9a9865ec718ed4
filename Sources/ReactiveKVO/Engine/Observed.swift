import Reactive
import Synchronization

/// Marks a property of a `KeyValueObservable` class as observable: `@Observed var name = "Ann"`
/// plays the part of Objective-C's `@objc dynamic`.
///
/// Setting the property notifies its observers synchronously on the setting thread (the job
/// Foundation's swizzled setter does). With no observer, a set costs one relaxed atomic load more
/// than a plain stored property. Reads and writes of the value itself are as thread-safe as a
/// plain stored property: synchronise them as you would any other state.
@propertyWrapper
public struct Observed<Value> {
    @usableFromInline let storage: ObservedStorage<Value>

    /// Creates the property with its initial value.
    public init(wrappedValue: Value) {
        storage = ObservedStorage(wrappedValue)
    }

    /// Not available: the property is reached through its enclosing `KeyValueObservable` instance.
    @available(*, unavailable, message: "@Observed is available only on classes that adopt KeyValueObservable")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("unavailable") }
    }

    /// The property's getter and setter, given the enclosing object: the setter notifies the
    /// object's observers (one relaxed atomic load when there are none).
    @inlinable
    public static subscript<Object: KeyValueObservable>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Observed<Value>>
    ) -> Value {
        // The storage is used unretained: the object owns it for its whole life (the wrapper's
        // storage is never reassigned), and the object is kept until the access ends. Ending its
        // lifetime earlier (to spare a retain) let the optimiser release it before the storage
        // was touched when the caller handed over its last reference (`person?.name = x` then
        // `person = nil`, or a temporary): a use-after-free only optimised builds have
        // (ObservedLifetimeTests, run optimised under ASan in CI). Kept, it also lives while
        // observers of the set run, which may replace it where a dotted path reached it.
        get {
            withStorage(of: object, storageKeyPath) { storage in
                if storage.state.load(ordering: .relaxed) & ObservedStorageState.probing != 0 {
                    storage.probed(wrappedKeyPath)
                }
                return storage.value
            }
        }
        set {
            withStorage(of: object, storageKeyPath) { storage in
                // Relaxed, for the plain path's sake; `setObserved` starts with the acquiring
                // load that pairs with the watcher count.
                if storage.state.load(ordering: .relaxed) & ~ObservedStorageState.probing == 0 {
                    storage.value = newValue
                } else {
                    storage.setObserved(newValue)
                }
            }
        }
    }

    /// Runs `body` with `object`'s storage, unretained, keeping `object` until `body` returns
    /// (see the subscript).
    @inlinable @inline(__always)
    static func withStorage<Object: KeyValueObservable, Result>(
        of object: Object,
        _ storageKeyPath: ReferenceWritableKeyPath<Object, Observed<Value>>,
        _ body: (ObservedStorage<Value>) -> Result
    ) -> Result {
        withExtendedLifetime(object) {
            unretained(object[keyPath: storageKeyPath].storage)._withUnsafeGuaranteedRef(body)
        }
    }

}

/// `storage` through a raw pointer: the compiler then has no ownership chain to keep alive (it
/// would otherwise retain the enclosing object around every access).
@inlinable @inline(__always)
func unretained<Value>(_ storage: ObservedStorage<Value>) -> Unmanaged<ObservedStorage<Value>> {
    Unmanaged.fromOpaque(Unmanaged.passUnretained(storage).toOpaque())
}

/// The bits of an `ObservedStorage`'s state word.
@usableFromInline enum ObservedStorageState {
    /// A typed key path is being resolved to this object's keys.
    @usableFromInline static var probing: Int { 1 }
    /// One registration (direct or through a dependent key) needs notifications of this key.
    @usableFromInline static var watcher: Int { 2 }
}

/// What the engine needs of an `@Observed` property without knowing its type.
protocol AnyObservedStorage: AnyObject {
    /// The value, with an optional's `none` as nil.
    var anyValue: Any? { get }
    var valueType: Any.Type { get }
    var registry: ObservationRegistry? { get set }
    var keyState: KeyState? { get set }
    var key: String { get set }
    var probedKeyPath: AnyKeyPath? { get }
    func setAnyValue(_ value: Any?, className: String) throws
    func addWatchers(_ count: Int)
    func setProbing(_ on: Bool)
}

/// The box behind an `@Observed` property: its value and, once observed, its registry.
@usableFromInline final class ObservedStorage<Value>: AnyObservedStorage, @unchecked Sendable {
    /// The property's value. Exclusivity unchecked, as the setter's notifying path reads and
    /// writes it several times: a dynamic check costs a thread-local lookup each time.
    @exclusivity(unchecked) @usableFromInline var value: Value
    /// Watchers in units of `ObservedStorageState.watcher`, plus the probing bit.
    @usableFromInline let state = Atomic<Int>(0)
    /// Set once, under the registry creation lock, before any watcher is added.
    var registry: ObservationRegistry?
    /// This key's observation state in the registry (set with `registry`, before the first
    /// watcher is counted in `state`, which the setter loads with acquiring order first).
    var keyState: KeyState? {
        didSet { unmanagedKeyState = keyState.map(Unmanaged.passUnretained) }
    }
    /// `keyState` without reference counting, for the setter. Unchecked exclusivity: written
    /// once, before the first watcher is counted; read after loading that count.
    @exclusivity(unchecked) @usableFromInline var unmanagedKeyState: Unmanaged<KeyState>?
    var key = ""
    private(set) var probedKeyPath: AnyKeyPath?

    @usableFromInline let isOptional: Bool
    #if DEBUG
    /// Debug builds: the thread notifying this key's observers, and whether a set made from
    /// inside that notification was reported (once per key and object).
    @usableFromInline let notifyingThread = Atomic<UInt>(0)
    @usableFromInline let reportedReentrancy = Atomic<Bool>(false)
    #endif

    @usableFromInline init(_ value: Value) {
        self.value = value
        isOptional = Value.self is AnyOptional.Type
    }

    deinit {
        // The object is being deallocated: its observers hear nothing more.
        registry?.objectDeallocated()
    }

    @usableFromInline var anyValue: Any? { isOptional ? unwrapped(value) : value }
    var valueType: Any.Type { Value.self }

    func setAnyValue(_ newValue: Any?, className: String) throws {
        let candidate = newValue ?? (Value.self as? AnyOptional.Type)?.nilValue
        guard let typed = candidate as? Value else {
            let actual = newValue.map { "\(type(of: $0))" } ?? "nil"
            throw KeyValueCodingError.typeMismatch(className: className, key: key, expected: "\(Value.self)", actual: actual)
        }
        if state.load(ordering: .acquiring) & ~ObservedStorageState.probing == 0 {
            value = typed
        } else {
            setObserved(typed)
        }
    }

    func addWatchers(_ count: Int) {
        state.wrappingAdd(count * ObservedStorageState.watcher, ordering: .acquiringAndReleasing)
    }

    func setProbing(_ on: Bool) {
        if on {
            state.bitwiseOr(ObservedStorageState.probing, ordering: .acquiringAndReleasing)
        } else {
            state.bitwiseAnd(~ObservedStorageState.probing, ordering: .acquiringAndReleasing)
        }
    }

    /// A getter ran while a typed key path is resolved: the prober thread records which.
    @usableFromInline func probed(_ keyPath: AnyKeyPath) {
        if KeyPathProbe.isProbing { probedKeyPath = keyPath }
    }

    /// The setter with observers. Specialised for `Value` in the caller but kept out of line, so
    /// that the unobserved path of the setter stays a load and a store.
    @inlinable @inline(never) func setObserved(_ newValue: Value) {
        #if DEBUG
        let outermost = enterNotification()
        defer { leaveNotification(outermost) }
        #endif
        // Pairs with the releasing watcher count (the setter's load was relaxed): `keyState`
        // was set before it. A load rather than a fence, which ThreadSanitizer does not model.
        _ = state.load(ordering: .acquiring)
        guard let keyState = unmanagedKeyState, let observers = keyState._withUnsafeGuaranteedRef({ $0.beginSet() }) else {
            setGeneral(newValue)
            return
        }
        // The old value lives until observers heard of the change: a replaced intermediate
        // object dies after a dotted-path observer has moved on, not in the middle.
        if observers.directValueType == ObjectIdentifier(Value.self) {
            let replaced = value
            value = newValue
            observers.deliverDirectly(newValue)
            withExtendedLifetime(replaced) {}
        } else {
            let old = observers.needsOld ? anyValue : nil
            let replaced = value
            value = newValue
            observers.deliverSetting(old: old, new: observers.needsNew ? anyValue : nil)
            withExtendedLifetime(replaced) {}
        }
    }

    #if DEBUG
    /// Debug builds: marks this thread as notifying the key's observers; a set from inside such
    /// a notification (an observer setting the key it observes) is reported once through
    /// `Hooks.grammarViolationHandler`: the observers after it hear the new value first and
    /// then the older one, so they end on a stale value (as with Foundation's KVO).
    @usableFromInline func enterNotification() -> Bool {
        let me = currentThreadIdentifier()
        let (exchanged, current) = notifyingThread.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        if exchanged { return true }
        if current == me && !reportedReentrancy.exchange(true, ordering: .relaxed) {
            let className = registry.map { $0.className } ?? "object"
            Hooks.grammarViolationHandler(GrammarViolation(kind: .reentrantDelivery, operatorName: "\(className).\(key)"))
        }
        return false
    }

    @usableFromInline func leaveNotification(_ outermost: Bool) {
        if outermost { notifyingThread.store(0, ordering: .releasing) }
    }
    #endif

    /// A set that is not a plain one (see `KeyState.beginSet`): will/did around the store, or
    /// just the store when the class notifies this key manually.
    @usableFromInline func setGeneral(_ newValue: Value) {
        guard let registry, let keyState, keyState.automaticallyNotifies else {
            value = newValue
            return
        }
        registry.willChange(key, .setting)
        let old = value
        value = newValue
        registry.didChange(key, .setting)
        withExtendedLifetime(old) {}
    }
}

/// Which thread is resolving a typed key path (one at a time, process-wide).
enum KeyPathProbe {
    private static let lock = Lock()
    private static let prober = Atomic<UInt>(0)

    static var isProbing: Bool { prober.load(ordering: .acquiring) == currentThreadIdentifier() }

    /// Runs `body` as the prober.
    static func probe<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        prober.store(currentThreadIdentifier(), ordering: .releasing)
        defer {
            prober.store(0, ordering: .releasing)
            lock.unlock()
        }
        return body()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func currentThreadIdentifier() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}

/// An `@Observed` property seen through reflection.
protocol AnyObservedProperty {
    var anyStorage: AnyObservedStorage { get }
}

extension Observed: AnyObservedProperty {
    var anyStorage: AnyObservedStorage { storage }
}
