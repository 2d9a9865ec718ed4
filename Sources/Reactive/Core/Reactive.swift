/// The `.rx` namespace: extensions on `Reactive<Base>` appear as `base.rx.…`.
///
/// ```
/// extension Reactive where Base: Person {
///     var name: Observable<String> { … }
/// }
/// person.rx.name.subscribe(onNext: { print($0) })
/// ```
///
/// `Sendable` when its base is.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended object.
    public let base: Base

    /// Wraps `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// Reads a property of `base` through `rx`, e.g. for key-path based bindings.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in base[keyPath: keyPath] = value }
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type that has the `.rx` namespace.
public protocol ReactiveCompatible {
    /// The type extended.
    associatedtype ReactiveBase

    /// The `.rx` namespace for the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The `.rx` namespace for the instance.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The `.rx` namespace for the type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // swiftlint:disable:next unused_setter_value
        set {}
    }

    /// The `.rx` namespace for the instance.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}
