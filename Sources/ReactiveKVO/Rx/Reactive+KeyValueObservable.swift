import Reactive

extension KeyValueObservable {
    /// The `.rx` namespace of a key-value observable object.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}

extension Reactive where Base: KeyValueObservable {
    /// The values of `keyPath` (a key or a dotted key path), as `E`, from now on.
    ///
    /// With the default options the current value comes first (`.initial`), then every change.
    /// `retainSelf` keeps the object alive for the life of the subscription. A value that is not
    /// an `E` fails with `KeyValueCodingError.typeMismatch` naming the key path and both types; an
    /// unknown key fails at subscription with `unknownKey`. Events arrive on the changing thread.
    @inlinable
    public func observe<E>(_ type: E.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial], retainSelf: Bool = true) -> Observable<E?> {
        // `direct`: a set of an `E` property hands its value over without a change record.
        KVOObservable(object: base, keyPath: keyPath, options: options, retainTarget: retainSelf, direct: .values(of: E.self) { value in .some(value) }) { change, className, keyPath in
            try castValue(change.newValue, to: E.self, className: className, keyPath: keyPath)
        }.asObservable()
    }

    /// The values of a property, through a typed key path (`person.rx.observe(\.name)`).
    ///
    /// Holds the object strongly for the life of the subscription (use `observeWeakly` not to).
    /// A key path that names no `@Observed` property or computed key fails with `unknownKey`.
    @inlinable
    public func observe<Value>(_ keyPath: KeyPath<Base, Value>, options: KeyValueObservingOptions = [.new, .initial]) -> Observable<Value> {
        let key: String
        do {
            key = try base.key(for: keyPath)
        } catch {
            return Observable.error(error)
        }
        return KVOObservable(object: base, keyPath: key, options: options.union(.new), retainTarget: true, direct: .values(of: Value.self) { value in value }) { change, className, key in
            try typedValue(change.newValue, as: Value.self, className: className, key: key)
        }.asObservable()
    }

    /// The full change records of `keyPath`, for to-many properties changed through
    /// `mutableArrayValue(forKey:)`: kind, indexes, old and new elements (to animate insertions
    /// and removals).
    public func observeChange(_ keyPath: String, options: KeyValueObservingOptions = [.new, .old]) -> Observable<KeyValueChange> {
        KVOObservable(object: base, keyPath: keyPath, options: options, retainTarget: true) { change, _, _ in change }.asObservable()
    }

    /// Like `observe`, but holds every object on the path weakly: a dotted path is observed
    /// step by step, re-wired with `flatMapLatest` when an intermediate object changes; a nil or
    /// deallocated intermediate gives `nil`; when the object itself is deallocated the sequence
    /// sends `nil` once and completes.
    public func observeWeakly<E>(_ type: E.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial]) -> Observable<E?> {
        let sections: [String]
        do {
            sections = try keyPathSteps(keyPath, className: "\(Base.self)")
        } catch {
            return Observable.error(error)
        }
        return observeWeaklyKeyPath(base, sections: sections, options: options)
            .map { value in try castValue(value, to: E.self, className: "\(Base.self)", keyPath: keyPath) }
    }

    /// Sends one element and completes when the object is deallocated; does not keep it alive.
    ///
    /// Fails if the class has no `@Observed` property (the engine learns of deallocation
    /// through them).
    public var deallocated: Observable<Void> {
        deallocation(of: base)
    }
}

/// `value` as an `E?`: nil stays nil, another type is an error naming the key path and types:
/// the type the property holds first, then the type it was observed as.
@usableFromInline func castValue<E>(_ value: Any?, to: E.Type, className: String, keyPath: String) throws -> E? {
    guard let value else { return nil }
    if let typed = value as? E { return typed }
    throw KeyValueCodingError.typeMismatch(className: className, key: keyPath, expected: "\(type(of: value))", actual: "\(E.self)")
}

/// `value` as a `Value` (nil only for an optional `Value`), or an error naming the key and types.
@usableFromInline func typedValue<Value>(_ value: Any?, as _: Value.Type, className: String, key: String) throws -> Value {
    if let value = value as? Value { return value }
    if value == nil, let none = (Value.self as? AnyOptional.Type)?.nilValue as? Value { return none }
    // The type the property holds first, then the type it was read as.
    throw KeyValueCodingError.typeMismatch(className: className, key: key, expected: value.map { "\(type(of: $0))" } ?? "nil", actual: "\(Value.self)")
}

/// One step of `observeWeakly`: the step's values, re-wired to the next step with
/// `flatMapLatest`, ended with nil when the step's object is deallocated.
func observeWeaklyKeyPath(_ target: any KeyValueObservable, sections: [String], options: KeyValueObservingOptions) -> Observable<Any?> {
    guard let head = sections.first else { return Observable.just(target) }
    let tail = Array(sections.dropFirst())
    let stepOptions: KeyValueObservingOptions = tail.isEmpty ? options : [.new, .initial]
    let property = KVOObservable(object: target, keyPath: head, options: stepOptions, retainTarget: false) { change, _, _ in change.newValue }
        .asObservable()
        .finishWithNilWhenDealloc(target)
    if tail.isEmpty { return property }
    return property.flatMapLatest { next -> Observable<Any?> in
        guard let next else { return Observable.just(nil) }
        guard let object = next as? any KeyValueObservable else {
            return Observable.error(KeyValueCodingError.notKeyValueObservable(key: head, type: "\(type(of: next))"))
        }
        return observeWeaklyKeyPath(object, sections: tail, options: options)
    }
}

/// Emits once and completes when `object` is deallocated.
func deallocation(of object: any KeyValueObservable) -> Observable<Void> {
    weak let weakObject = object
    return Observable.create { observer in
        guard let object = weakObject else {
            observer.onNext(())
            observer.onCompleted()
            return Disposables.create()
        }
        let registry = object.observationRegistry
        guard registry.canReportDeallocation else {
            observer.onError(KeyValueCodingError.unknownKey(className: "\(type(of: object))", key: "(deallocation: no @Observed property)"))
            return Disposables.create()
        }
        let id = registry.onDeallocation {
            observer.onNext(())
            observer.onCompleted()
        }
        return Disposables.create { [weak registry] in
            if let id { registry?.removeDeallocationHook(id) }
        }
    }
}
