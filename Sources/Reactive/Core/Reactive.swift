/// The `.rx` namespace: extensions on `Reactive<Base>` appear as `base.rx.…`.
///
/// ```
/// extension Reactive where Base: Person {
///     var name: Observable<String> { … }
/// }
/// person.rx.name.subscribe(onNext: { print($0) })
/// ```
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

/// An observer that sets a value on a target it holds weakly; errors are programmer errors.
///
/// RxCocoa's `Binder`: binding an observable to a property of an object that may go away.
/// The binding runs on the thread the event arrives on unless a scheduler is given.
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    private let handler: (Event<Value>) -> Void

    /// Creates a binder that calls `binding` with `target` while it is alive, on `scheduler`
    /// (or on the calling thread when `scheduler` is nil).
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType? = nil, binding: @escaping (Target, Value) -> Void) {
        handler = { [weak target] event in
            switch event {
            case .next(let element):
                let apply: () -> Void = { [weak target] in
                    if let target { binding(target, element) }
                }
                if let scheduler {
                    _ = scheduler.schedule(()) { _ in apply(); return Disposables.create() }
                } else {
                    apply()
                }
            case .error(let error):
                assertionFailure("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    /// Applies an element to the target.
    public func on(_ event: Event<Value>) { handler(event) }
}
