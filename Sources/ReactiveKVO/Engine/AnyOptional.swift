/// Optional values read through `Any` come back as nil, not as `Optional.none` in a box.
@usableFromInline func unwrapped(_ value: Any) -> Any? {
    if let optional = value as? AnyOptional { return optional.wrappedAny }
    return value
}

/// Lets `Any` holding an optional be unwrapped.
protocol AnyOptional {
    var wrappedAny: Any? { get }
    static var nilValue: Any { get }
}

extension Optional: AnyOptional {
    var wrappedAny: Any? { self.map { unwrapped($0) } ?? nil }
    static var nilValue: Any { Optional<Wrapped>.none as Any }
}
