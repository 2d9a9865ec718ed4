import Foundation

/// The observation state of one key of one object, guarded by the registry's lock.
@usableFromInline final class KeyState {
    /// The registry whose lock guards this state. Unretained: a key state is reached only
    /// through its registry or an `@Observed` storage, and both keep the registry alive.
    private var registry: ObservationRegistry { unmanagedRegistry.takeUnretainedValue() }
    private let unmanagedRegistry: Unmanaged<ObservationRegistry>

    var registrations: [Registration] = [] {
        didSet {
            // A prior callback needs the will/did path.
            let needsPrior = registrations.contains { $0.options.contains(.prior) }
            observers = registrations.isEmpty || needsPrior ? nil : KeyObservers(registrations, object: registry.unmanagedObject)
            refreshPlainSet()
        }
    }
    /// The registrations' snapshot for a plain set, when no prior callback is asked for.
    private var observers: KeyObservers?
    /// `observers` while a set of this key is a plain one (see `beginSet`), else nil: kept in
    /// one field so that the setter decides with one load under the lock.
    private var plainSetObservers: KeyObservers?
    /// The class's `automaticallyNotifiesObservers(forKey:)` for this key, asked once.
    var automaticallyNotifies = true {
        didSet { refreshPlainSet() }
    }
    /// Keys whose value depends on this one, with the number of their registrations.
    var dependents: [String: Int] = [:] {
        didSet { refreshPlainSet() }
    }
    /// will/did nesting: only the outermost pair notifies.
    var nesting = 0 {
        didSet { refreshPlainSet() }
    }
    /// Set when the object is deallocated: nothing is delivered any more.
    var isDead = false {
        didSet { refreshPlainSet() }
    }
    /// Old value captured at the outermost `willChange`, for `.old`.
    var pendingOld: Any??
    /// The kind and indexes of the change in progress.
    var pendingKind: (KeyValueChange.Kind, IndexSet?) = (.setting, nil)

    init(registry: ObservationRegistry) {
        unmanagedRegistry = Unmanaged.passUnretained(registry)
    }

    private func refreshPlainSet() {
        let plain = automaticallyNotifies && !isDead && nesting == 0 && dependents.isEmpty
        plainSetObservers = plain ? observers : nil
    }

    /// The start of a set of this key's `@Observed` property: the observers to tell after
    /// storing, when the set is a plain one (notified automatically, no dependent key, no
    /// will/did in progress, no prior callback asked for, someone registered); nil when the
    /// general will/did path must run instead. One lock round trip, no allocation.
    @usableFromInline func beginSet() -> KeyObservers? {
        unmanagedRegistry._withUnsafeGuaranteedRef { registry in
            registry.lock.lock()
            let observers = plainSetObservers
            registry.lock.unlock()
            return observers
        }
    }
}

/// An immutable snapshot of one key's registrations, taken under the lock and delivered to
/// after it is released (registrations removed meanwhile are skipped by their active flag).
@usableFromInline final class KeyObservers {
    /// Owns the registrations that `unmanaged` lists without reference counting.
    private let registrations: [Registration]
    @usableFromInline let unmanaged: [Unmanaged<Registration>]
    /// Whether any registration asks for the old value, the new value.
    @usableFromInline let needsOld: Bool
    @usableFromInline let needsNew: Bool
    /// The value type every registration takes directly (`Registration.valueSink`), when all
    /// do: the setter of a property of that type then skips the change record and its boxing.
    @usableFromInline let directValueType: ObjectIdentifier?
    /// The observed object: alive whenever its setter delivers.
    private let object: Unmanaged<AnyObject>

    init(_ registrations: [Registration], object: Unmanaged<AnyObject>) {
        self.registrations = registrations
        unmanaged = registrations.map { Unmanaged.passUnretained($0) }
        self.object = object
        needsOld = registrations.contains { $0.options.contains(.old) }
        needsNew = registrations.contains { $0.options.contains(.new) }
        let types = Set(registrations.map { $0.queue == nil && $0.options.contains(.new) && !$0.options.contains(.old) ? $0.valueSinkType : nil })
        directValueType = types.count == 1 ? types.first ?? nil : nil
    }

    /// Delivers a setting change to every registration.
    @usableFromInline func deliverSetting(old: Any?, new: Any?) {
        deliver(.setting, old: old, new: new, indexes: .none)
    }

    /// Delivers a change to every registration, each with the old and new values it asked for.
    func deliver(_ kind: KeyValueChange.Kind, old: Any?, new: Any?, indexes: ChangeIndexes) {
        object._withUnsafeGuaranteedRef { object in
            for registration in unmanaged {
                registration._withUnsafeGuaranteedRef { registration in
                    let options = registration.options
                    registration.deliver(KeyValueChange(kind: kind, oldValue: options.contains(.old) ? old : nil, newValue: options.contains(.new) ? new : nil, changeIndexes: indexes), of: object)
                }
            }
        }
    }

    /// Delivers `value` to every registration's value sink; only when `directValueType` is
    /// `Value`'s.
    @inlinable func deliverDirectly<Value>(_ value: Value) {
        for registration in unmanaged {
            registration._withUnsafeGuaranteedRef { registration in
                if registration.isActive {
                    // directValueType is Value's: every sink is a KeyValueSink<Value>.
                    Unmanaged<KeyValueSink<Value>>.fromOpaque(registration.valueSinkPointer.unsafelyUnwrapped)._withUnsafeGuaranteedRef { sink in
                        var value = value
                        sink.handler(sink.target, &value)
                    }
                }
            }
        }
    }
}

/// Takes the new values of a property of type `Value` straight from its setter, without a
/// change record or boxing (the Rx layer's fast path). The handler is made in specialised code;
/// the value is passed `inout` so that storing the handler generically needs no thunk.
@usableFromInline final class KeyValueSink<Value> {
    @usableFromInline let target: AnyObject
    @usableFromInline let handler: (AnyObject, inout Value) -> Void

    @inlinable init(target: AnyObject, handler: @escaping (AnyObject, inout Value) -> Void) {
        self.target = target
        self.handler = handler
    }
}
