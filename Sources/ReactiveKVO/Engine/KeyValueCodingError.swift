/// Why a key-value coding or observing call failed; the message names the class, key and types.
public enum KeyValueCodingError: Error, Equatable, CustomStringConvertible {
    /// The class has no `@Observed` property or computed key of that name.
    case unknownKey(className: String, key: String)
    /// A type does not fit the property's: `expected` is the type the property holds, `actual`
    /// the type of the value given to it, or the type it was observed or read as.
    case typeMismatch(className: String, key: String, expected: String, actual: String)
    /// The key is readable (a computed key) but cannot be set.
    case readOnlyKey(className: String, key: String)
    /// The key is not a to-many (array) property.
    case notAnArray(className: String, key: String, type: String)
    /// An index outside the array.
    case indexOutOfRange(className: String, key: String, index: Int, count: Int)
    /// An intermediate object on a dotted key path does not adopt `KeyValueObservable`.
    case notKeyValueObservable(key: String, type: String)
    /// `keyPathsForValuesAffectingValue(forKey:)` declares a cycle.
    case dependencyCycle(className: String, keys: [String])
    /// A key path with an empty component (`""`, `"value."`, `"a..b"`).
    case invalidKeyPath(className: String, keyPath: String)
    /// `willChangeValue(forKey:)` was not balanced by `didChangeValue(forKey:)` before the object
    /// was deallocated: the key's observers heard nothing after it. Reported in debug builds.
    case unbalancedWillChange(className: String, key: String)

    /// A message naming the class, the key and the types (the property's first).
    public var description: String {
        switch self {
        case .unknownKey(let className, let key):
            return "\(className) has no observable key '\(key)' (mark the property @Observed, or list it in computedKeys)"
        case .typeMismatch(let className, let key, let expected, let actual):
            return "\(className).\(key) holds \(expected), not \(actual)"
        case .readOnlyKey(let className, let key):
            return "\(className).\(key) is a computed key and cannot be set"
        case .notAnArray(let className, let key, let type):
            return "\(className).\(key) is \(type), not an array"
        case .indexOutOfRange(let className, let key, let index, let count):
            return "\(className).\(key): index \(index) is out of range (count \(count))"
        case .notKeyValueObservable(let key, let type):
            return "'\(key)' is \(type), which does not adopt KeyValueObservable"
        case .dependencyCycle(let className, let keys):
            return "\(className): dependent keys form a cycle: \(keys.joined(separator: " → "))"
        case .unbalancedWillChange(let className, let key):
            return "\(className).\(key): willChangeValue(forKey:) was never balanced by didChangeValue(forKey:); its observers heard nothing after it"
        case .invalidKeyPath(let className, let keyPath):
            return "'\(keyPath)' is not a key path of \(className): a key path is keys joined by single dots, none empty"
        }
    }
}

/// The keys of a dotted key path, in order; throws `invalidKeyPath` for an empty component.
func keyPathSteps(_ keyPath: String, className: @autoclosure () -> String) throws -> [String] {
    let steps = keyPath.split(separator: ".", omittingEmptySubsequences: false)
    if steps.contains(where: \.isEmpty) {
        throw KeyValueCodingError.invalidKeyPath(className: className(), keyPath: keyPath)
    }
    return steps.map(String.init)
}
