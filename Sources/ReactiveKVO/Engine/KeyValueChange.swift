import Foundation

/// What changed, for one callback (Foundation's change dictionary as a value).
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
    /// The affected indexes of a to-many change.
    public let indexes: IndexSet?
    /// Whether this is the callback before the change (`.prior`).
    public let isPrior: Bool

    /// Creates a change record (the engine makes them; tests and custom observers may too).
    public init(kind: Kind, oldValue: Any? = nil, newValue: Any? = nil, indexes: IndexSet? = nil, isPrior: Bool = false) {
        self.kind = kind
        self.oldValue = oldValue
        self.newValue = newValue
        self.indexes = indexes
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
    /// The affected indexes of a to-many change.
    public let indexes: IndexSet?
    /// Whether this is the callback before the change.
    public let isPrior: Bool

    init(_ change: KeyValueChange) {
        kind = change.kind
        oldValue = change.oldValue as? Value
        newValue = change.newValue as? Value
        indexes = change.indexes
        isPrior = change.isPrior
    }
}
