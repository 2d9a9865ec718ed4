import Foundation

/// A proxy for an `@Observed` array property whose mutations notify with their kind and indexes
/// (Foundation's `mutableArrayValue(forKey:)`).
///
/// Observers receive `.insertion`, `.removal` or `.replacement` changes carrying `indexes` and,
/// as asked, the removed (`oldValue`) and inserted (`newValue`) elements as arrays. Assigning the
/// whole property is a `.setting` change instead. A wrong element type or index throws before
/// anything changes.
///
/// Not `Sendable`: it mutates its object's property in place, as the property's setter does; use
/// it where that object is used (the object's actor, or the thread that owns it).
public final class KeyValueMutableArray {
    private let object: AnyObject
    private let registry: ObservationRegistry
    private let storage: KeyValueArrayStorage
    private let key: String

    init(object: AnyObject, registry: ObservationRegistry, storage: KeyValueArrayStorage, key: String) {
        self.object = object
        self.registry = registry
        self.storage = storage
        self.key = key
    }

    /// The number of elements.
    public var count: Int { storage.elementCount }

    /// The element at `index`.
    public func element(at index: Int) throws -> Any {
        try checkIndex(index, allowEnd: false)
        return storage.element(at: index)
    }

    /// Appends `element` (an `.insertion` at the end).
    public func append(_ element: Any) throws {
        try insert(element, at: storage.elementCount)
    }

    /// Inserts `element` at `index` (an `.insertion`).
    public func insert(_ element: Any, at index: Int) throws {
        try checkIndex(index, allowEnd: true)
        if try changePlainly(.insertion, index..<index + 1, old: { nil }, new: { [element] }, {
            try storage.insertCheckedElement(element, at: index, className: registry.className, key: key)
        }) { return }
        try storage.checkElement(element, className: registry.className, key: key)
        registry.willChange(key, .insertion, indexes: IndexSet(integer: index))
        storage.insertElement(element, at: index)
        registry.didChange(key, .insertion, newElements: [element])
    }

    /// Removes the element at `index` (a `.removal`).
    public func remove(at index: Int) throws {
        try checkIndex(index, allowEnd: false)
        if changePlainly(.removal, index..<index + 1, old: { [storage.element(at: index)] }, new: { nil }, {
            storage.removeElements(in: index..<index + 1)
        }) { return }
        registry.willChange(key, .removal, indexes: IndexSet(integer: index), oldElements: [storage.element(at: index)])
        storage.removeElements(in: index..<index + 1)
        registry.didChange(key, .removal)
    }

    /// Replaces the element at `index` with `element` (a `.replacement`).
    public func replace(at index: Int, with element: Any) throws {
        try checkIndex(index, allowEnd: false)
        try storage.checkElement(element, className: registry.className, key: key)
        if changePlainly(.replacement, index..<index + 1, old: { [storage.element(at: index)] }, new: { [element] }, {
            storage.replaceElement(at: index, with: element)
        }) { return }
        registry.willChange(key, .replacement, indexes: IndexSet(integer: index), oldElements: [storage.element(at: index)])
        storage.replaceElement(at: index, with: element)
        registry.didChange(key, .replacement, newElements: [element])
    }

    /// Removes every element (one `.removal` of all indexes); nothing happens if it is empty.
    public func removeAll() {
        let count = storage.elementCount
        guard count > 0 else { return }
        if changePlainly(.removal, 0..<count, old: { (0..<count).map(storage.element(at:)) }, new: { nil }, {
            storage.removeElements(in: 0..<count)
        }) { return }
        registry.willChange(key, .removal, indexes: IndexSet(integersIn: 0..<count), oldElements: (0..<count).map(storage.element(at:)))
        storage.removeElements(in: 0..<count)
        registry.didChange(key, .removal)
    }

    /// Makes a change of the elements at `range` with `mutate` (which throws only before changing
    /// anything) and tells the observers once, after it, when the change is a plain one (see
    /// `KeyValueArrayStorage.beginPlainChange`); false, with nothing done, when the will/did pair
    /// must run instead. `old` is read before the change, and each only if an observer asks.
    private func changePlainly(_ kind: KeyValueChange.Kind, _ range: Range<Int>, old: () -> [Any]?, new: () -> [Any]?, _ mutate: () throws -> Void) rethrows -> Bool {
        guard let observers = storage.beginPlainChange() else { return false }
        let oldElements = observers.needsOld ? old() : nil
        try mutate()
        observers.deliver(kind, old: oldElements, new: observers.needsNew ? new() : nil, indexes: .range(range))
        return true
    }

    private func checkIndex(_ index: Int, allowEnd: Bool) throws {
        let count = storage.elementCount
        if index < 0 || index > count || (!allowEnd && index == count) {
            throw KeyValueCodingError.indexOutOfRange(className: registry.className, key: key, index: index, count: count)
        }
    }
}

extension KeyValueObservable {
    /// A proxy for the `@Observed` array property `key` whose mutations notify observers with
    /// their kind and indexes.
    ///
    /// - Throws: `unknownKey`, or `notAnArray` naming the property's type.
    public func mutableArrayValue(forKey key: String) throws -> KeyValueMutableArray {
        let registry = observationRegistry
        let (object, storage) = try registry.arrayStorage(forKey: key)
        return KeyValueMutableArray(object: object, registry: registry, storage: storage, key: key)
    }
}

/// An array property's storage, element by element, without knowing the element type.
protocol KeyValueArrayStorage: AnyObject {
    /// The observers to tell after a change made now, when it is a plain one (see
    /// `KeyState.beginSet`: automatic notification, no dependent key, no will/did in progress,
    /// no prior callback, someone registered); nil when the will/did path must run.
    func beginPlainChange() -> KeyObservers?
    var elementCount: Int { get }
    func element(at index: Int) -> Any
    func checkElement(_ element: Any, className: String, key: String) throws
    /// Inserts `element` if it has the element type (one dynamic cast); else throws, changing
    /// nothing.
    func insertCheckedElement(_ element: Any, at index: Int, className: String, key: String) throws
    func insertElement(_ element: Any, at index: Int)
    func removeElements(in range: Range<Int>)
    func replaceElement(at index: Int, with element: Any)
}

extension ObservedStorage: KeyValueArrayStorage where Value: RangeReplaceableCollection, Value: MutableCollection, Value.Index == Int {
    func beginPlainChange() -> KeyObservers? {
        // Pairs with the releasing watcher count, as in the setter: `keyState` was set before.
        guard state.load(ordering: .acquiring) & ~ObservedStorageState.probing != 0 else { return nil }
        // Unretained, as in the setter, and sound for the same reason: it is the key state this
        // storage holds strongly in `keyState` (set once, never cleared), and the caller (the
        // proxy) holds this storage. The observers returned are a retained snapshot, so a
        // registration removed on another thread meanwhile stays alive and is skipped by its
        // active flag (KVOConcurrencyStressTests mutates while observers come and go, under ASan).
        return unmanagedKeyState?._withUnsafeGuaranteedRef { $0.beginSet() }
    }

    var elementCount: Int { value.count }

    func element(at index: Int) -> Any { value[index] }

    func checkElement(_ element: Any, className: String, key: String) throws {
        guard element is Value.Element else {
            throw typeMismatch(element, className: className, key: key)
        }
    }

    func insertCheckedElement(_ element: Any, at index: Int, className: String, key: String) throws {
        guard let element = element as? Value.Element else {
            throw typeMismatch(element, className: className, key: key)
        }
        // This runs unspecialised (through the protocol's witness): a generic `insert` goes
        // through `replaceSubrange` and several metadata lookups, `append` through fewer.
        if index == value.count {
            value.append(element)
        } else {
            value.insert(element, at: index)
        }
    }

    private func typeMismatch(_ element: Any, className: String, key: String) -> KeyValueCodingError {
        .typeMismatch(className: className, key: key, expected: "\(Value.Element.self)", actual: "\(type(of: element))")
    }

    // The elements were checked by `checkElement` before the change was announced.
    func insertElement(_ element: Any, at index: Int) { value.insert(element as! Value.Element, at: index) }

    func removeElements(in range: Range<Int>) {
        value.removeSubrange(range)
    }

    func replaceElement(at index: Int, with element: Any) { value[index] = element as! Value.Element }
}
