import Foundation

/// What changed, for one callback (Foundation's change dictionary as a value).
///
/// Not `Sendable`: its values are `Any`, as Foundation's change dictionary holds them, and may be
/// objects of any kind. It is made and read on the thread that changed the property; to hand a
/// value to another actor, cast it to its `Sendable` type first, or observe through
/// `rx.observe(_:)` with a key path, which gives typed values.
public struct KeyValueChange: CustomStringConvertible {
    /// The kind of change: a new value, or a mutation of a to-many property.
    public enum Kind: Sendable, Equatable {
        /// The value was set (`newValue`/`oldValue` are whole values).
        case setting
        /// Elements were inserted at `indexes` (`newValue` is the inserted elements).
        case insertion
        /// Elements were removed at `indexes` (`oldValue` is the removed elements).
        case removal
        /// Elements at `indexes` were replaced (old and new elements).
        case replacement
    }

    /// The kind of change.
    public let kind: Kind
    /// The old value (or removed/replaced elements), if `.old` was asked for.
    public let oldValue: Any?
    /// The new value (or inserted/replacing elements), if `.new` was asked for and this is not
    /// a prior callback.
    public let newValue: Any?
    /// The affected indexes of a to-many change (made when read: see `ChangeIndexes`).
    public var indexes: IndexSet? { changeIndexes.indexSet }
    /// Whether this is the callback before the change (`.prior`).
    public let isPrior: Bool
    let changeIndexes: ChangeIndexes

    /// Creates a change record (the engine makes them; tests and custom observers may too).
    public init(kind: Kind, oldValue: Any? = nil, newValue: Any? = nil, indexes: IndexSet? = nil, isPrior: Bool = false) {
        self.init(kind: kind, oldValue: oldValue, newValue: newValue, changeIndexes: indexes.map(ChangeIndexes.set) ?? .none, isPrior: isPrior)
    }

    init(kind: Kind, oldValue: Any?, newValue: Any?, changeIndexes: ChangeIndexes, isPrior: Bool = false) {
        self.kind = kind
        self.oldValue = oldValue
        self.newValue = newValue
        self.changeIndexes = changeIndexes
        self.isPrior = isPrior
    }

    /// The change as its kind, indexes, old and new values.
    public var description: String {
        var parts = ["kind: \(kind)"]
        if let oldValue { parts.append("old: \(oldValue)") }
        if let newValue { parts.append("new: \(newValue)") }
        if let indexes { parts.append("indexes: \(Array(indexes))") }
        if isPrior { parts.append("prior") }
        return "KeyValueChange(\(parts.joined(separator: ", ")))"
    }
}

/// A change of a property observed through a typed key path (Foundation's `NSKeyValueObservedChange`).
public struct ObservedChange<Value> {
    /// The kind of change.
    public let kind: KeyValueChange.Kind
    /// The old value, if `.old` was asked for and it has the property's type.
    public let oldValue: Value?
    /// The new value, if `.new` was asked for and it has the property's type.
    public let newValue: Value?
    /// The affected indexes of a to-many change (made when read: see `ChangeIndexes`).
    public var indexes: IndexSet? { changeIndexes.indexSet }
    /// Whether this is the callback before the change.
    public let isPrior: Bool
    let changeIndexes: ChangeIndexes

    init(_ change: KeyValueChange) {
        kind = change.kind
        oldValue = change.oldValue as? Value
        newValue = change.newValue as? Value
        changeIndexes = change.changeIndexes
        isPrior = change.isPrior
    }
}

/// Sendable when its values are: a typed change can be handed to another actor.
extension ObservedChange: Sendable where Value: Sendable {}

/// The indexes of a change, kept as a range until someone reads them: an `IndexSet` costs
/// allocations (three for one index here), and most observers of an array never look. Two plain
/// fields rather than an enum, so that copying a change record needs no switch.
struct ChangeIndexes {
    /// The indexes as a range; empty when `storedSet` holds them or there are none. Not an
    /// optional: a plain pair of integers keeps every change record small and trivial to copy.
    let storedRange: Range<Int>
    let storedSet: IndexSet?

    static var none: ChangeIndexes { ChangeIndexes(storedRange: 0..<0, storedSet: nil) }
    static func range(_ range: Range<Int>) -> ChangeIndexes { ChangeIndexes(storedRange: range, storedSet: nil) }
    static func set(_ set: IndexSet) -> ChangeIndexes { ChangeIndexes(storedRange: 0..<0, storedSet: set) }

    var indexSet: IndexSet? { storedSet ?? (storedRange.isEmpty ? nil : IndexSet(integersIn: storedRange)) }
}
