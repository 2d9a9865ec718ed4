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

    /// Creates a binder that calls `binding` with `target` while it is alive, on `scheduler`.
    ///
    /// The default scheduler is a `MainScheduler`, as in RxSwift: on the main thread with
    /// nothing queued the binding runs at once, from any other thread it runs later on the main
    /// queue (which must be running: `dispatchMain()` or `RunLoop.main.run()` on Linux). Pass
    /// `CurrentThreadScheduler.instance` or `ImmediateScheduler.instance` to bind on the
    /// sending thread. The target is held weakly; errors are a programming error (an assertion
    /// in debug builds), completion is ignored.
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(), binding: @escaping (Target, Value) -> Void) {
        handler = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target { binding(target, element) }
                    return Disposables.create()
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
