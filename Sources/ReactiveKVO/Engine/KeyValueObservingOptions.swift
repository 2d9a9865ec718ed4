/// What an observation's change records carry and when callbacks happen (Foundation's names).
public struct KeyValueObservingOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The change carries the new value.
    public static let new = KeyValueObservingOptions(rawValue: 1 << 0)
    /// The change carries the old value.
    public static let old = KeyValueObservingOptions(rawValue: 1 << 1)
    /// One callback at registration, with the current value as `newValue` (if `.new` is set).
    public static let initial = KeyValueObservingOptions(rawValue: 1 << 2)
    /// A callback before each change (`isPrior` true, with the old value if `.old` is set), and
    /// the usual one after it.
    public static let prior = KeyValueObservingOptions(rawValue: 1 << 3)
}
