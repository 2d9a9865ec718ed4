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
    /// With the default options the current value comes first (`.initial`), then every change;
    /// each element is the change's new value (nil without `.new`). `retainSelf` keeps the
    /// object alive for the life of the subscription; without it, the subscription completes
    /// when the object is deallocated. A value that is not an `E` arrives as nil and the
    /// subscription goes on (RxCocoa's semantics); debug builds say so once per subscription on
    /// standard error, naming the key, the property's type and `E`. An unknown key fails at
    /// subscription with `KeyValueCodingError.unknownKey`. Events arrive on the changing thread.
    @inlinable
    public func observe<E>(_ type: E.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial], retainSelf: Bool = true) -> Observable<E?> {
        // `direct`: a set of an `E` property hands its value over without a change record.
        KVOObservable(object: base, keyPath: keyPath, options: options, retainTarget: retainSelf, direct: .values(of: E.self) { value in .some(value) }, transform: KVOTransform(requested: E.self) { _, change in
            castValue(change.newValue, to: E.self)
        }).asObservable()
    }

    /// The values of a property, through a typed key path (`person.rx.observe(\.name)`).
    ///
    /// Holds the object weakly, and completes when it is deallocated (RxCocoa's behaviour). With
    /// `.initial` (the default) the current value comes first, then one element per change
    /// whatever the other options (with `.prior`, the value before each change too). A key path
    /// that names no `@Observed` property or computed key fails with `unknownKey`. Events
    /// arrive on the changing thread.
    @inlinable
    public func observe<Value>(_ keyPath: KeyPath<Base, Value>, options: KeyValueObservingOptions = [.new, .initial]) -> Observable<Value> {
        let key: String
        do {
            key = try base.key(for: keyPath)
        } catch {
            return Observable.error(error)
        }
        // The value read from the object, as RxCocoa's block reads it; a plain set of the
        // property hands its new value over directly.
        return KVOObservable(object: base, keyPath: key, options: options.union(.new), retainTarget: false, direct: .values(of: Value.self) { value in value }, transform: KVOTransform(requested: Value.self) { object, _ in
            // The engine calls back with the object it observes, a `Base`.
            (unsafeDowncast(object, to: Base.self)[keyPath: keyPath], nil)
        }).asObservable()
    }

    /// The full change records of `keyPath`, for to-many properties changed through
    /// `mutableArrayValue(forKey:)`: kind, indexes, old and new elements (to animate insertions
    /// and removals). Holds the object for the life of the subscription.
    public func observeChange(_ keyPath: String, options: KeyValueObservingOptions = [.new, .old]) -> Observable<KeyValueChange> {
        KVOObservable(object: base, keyPath: keyPath, options: options, retainTarget: true, transform: KVOTransform(requested: KeyValueChange.self) { _, change in (change, nil) }).asObservable()
    }

    /// Like `observe`, but holds every object on the path weakly, as RxCocoa's `observeWeakly`.
    ///
    /// Each step of a dotted path is observed with `.initial` (and the options given), and
    /// re-wired with `flatMapLatest` when its object changes; the first element is dropped when
    /// `.initial` was not asked for. A nil intermediate gives nil. An object on the path held
    /// through a weak property (a computed key) that is deallocated gives nil; when the
    /// observed object itself is deallocated the sequence sends nil and completes. Elements
    /// are the changes' new values, so without `.new` they are nil. A value that is not an `E`
    /// arrives as nil, as with `observe`. A `"self"` step is skipped, as in RxCocoa.
    public func observeWeakly<E>(_ type: E.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial]) -> Observable<E?> {
        let sections: [String]
        do {
            sections = try keyPathSteps(keyPath, className: "\(Base.self)").filter { $0 != "self" }
        } catch {
            return Observable.error(error)
        }
        let values = observeWeaklyKeyPath(base, sections: sections[...], options: options).finishWithNilWhenDealloc(base)
        let wanted = options.contains(.initial) ? values : values.skip(1)
        let call = "rx.observeWeakly(\(E.self).self, \"\(keyPath)\")"
        let className = "\(Base.self)"
        return Observable.deferred {
            let report = TypeMismatchReport(call: call, className: className, keyPath: keyPath, requested: E.self)
            return wanted.map { value in
                let (element, mismatch) = castValue(value, to: E.self)
                if let mismatch { report.report(found: mismatch) }
                return element
            }
        }
    }

    /// Sends one element and completes when the object is deallocated; does not keep it alive.
    ///
    /// Works for every `KeyValueObservable` class (its `keyValueRegistrar` is released with
    /// it). Subscribed after the object is gone, it sends the element and completes at once.
    /// The element arrives on the thread that releases the object, after the ends of
    /// `observeWeakly` and `finishWithNilWhenDealloc` (RxCocoa's `deallocating` comes first too).
    public var deallocated: Observable<Void> {
        deallocation(of: base, early: false)
    }
}

/// `value` as an `E?`, with the type found when it is not an `E` (the element is then nil).
@usableFromInline func castValue<E>(_ value: Any?, to _: E.Type) -> (element: E?, mismatch: Any.Type?) {
    guard let value else { return (nil, nil) }
    if let typed = value as? E { return (typed, nil) }
    return (nil, type(of: value))
}

/// One step of `observeWeakly` (RxCocoa's): the step's values, observed with `.initial`, each
/// re-wired with `flatMapLatest` to the rest of the path; an object on the path that dies
/// while held weakly ends its part with nil.
func observeWeaklyKeyPath(_ target: any KeyValueObservable, sections: ArraySlice<String>, options: KeyValueObservingOptions) -> Observable<Any?> {
    guard let head = sections.first else { return Observable.just(target) }
    let tail = sections.dropFirst()
    weak let weakTarget = target
    let property = KVOObservable(object: target, keyPath: head, options: options.union(.initial), retainTarget: false, transform: KVOTransform(requested: Any.self) { _, change in (change.newValue, nil) })
        .asObservable()
    return property.flatMapLatest { next -> Observable<Any?> in
        guard let next else { return Observable.just(nil) }
        let nextObject = next as? any KeyValueObservable
        if !tail.isEmpty && nextObject == nil {
            return Observable.error(KeyValueCodingError.notKeyValueObservable(key: head, type: "\(type(of: next))"))
        }
        guard let parent = weakTarget else { return Observable.empty() }
        let rest = tail.isEmpty ? Observable.just(next) : observeWeaklyKeyPath(nextObject.unsafelyUnwrapped, sections: tail, options: options)
        guard let nextObject else { return rest }
        return rest.finishWithNilWhenReleased(nextObject, by: parent, key: head)
    }
}

extension ObservableType where Element == Any? {
    /// Ends with nil when `object`, the value of `parent`'s `key`, is deallocated while `parent`
    /// still holds the key unchanged: the weak property that held it became nil (RxCocoa's
    /// treatment of weak properties, which it reads from the Objective-C runtime). When
    /// `parent` is changing the key (a notified change is replacing the object) or is being
    /// deallocated too, the change or `parent`'s own end says it, and this ends quietly.
    func finishWithNilWhenReleased(_ object: any KeyValueObservable, by parent: any KeyValueObservable, key: String) -> Observable<Any?> {
        weak let weakParent = parent
        let released = deallocation(of: object, early: true).filter { _ in
            guard let parent = weakParent else { return false }
            return !parent.observationRegistry.isChanging(key)
        }
        return Observable.merge(asObservable().take(until: released), released.map { nil })
    }
}

/// Emits once and completes when `object` is deallocated (at once if it already is).
///
/// `early` hooks run before the others: the ends of observations that follow the object
/// (RxCocoa's `deallocating`) come before `rx.deallocated` (its `deallocated`).
func deallocation(of object: any KeyValueObservable, early: Bool) -> Observable<Void> {
    weak let weakObject = object
    return Observable.create { observer in
        guard let object = weakObject else {
            observer.onNext(())
            observer.onCompleted()
            return Disposables.create()
        }
        let registry = object.observationRegistry
        let id = registry.onDeallocation(early: early) {
            observer.onNext(())
            observer.onCompleted()
        }
        return Disposables.create { [weak registry] in
            if let id { registry?.removeDeallocationHook(id) }
        }
    }
}
