/// When a test observable was subscribed and unsubscribed, in virtual time.
public struct Subscription: Equatable, Hashable, CustomDebugStringConvertible, Sendable {
    /// When the subscription started.
    public let subscribe: TestTime
    /// When it was disposed; `Int.max` while still subscribed.
    public let unsubscribe: TestTime

    /// A subscription that started at `subscribe` and is still active.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// The subscription as `(subscribe: unsubscribe)`.
    public var debugDescription: String {
        unsubscribe == Int.max ? "(\(subscribe): ∞)" : "(\(subscribe): \(unsubscribe))"
    }
}
