/// An observer that sets a value on a target it holds weakly; errors are programmer errors.
///
/// RxCocoa's `Binder`: binding an observable to a property of an object that may go away.
/// The binding runs on `MainScheduler` unless another scheduler is given.
///
/// `Sendable`, unchecked: whichever thread sends to it, the binding runs on its scheduler (the
/// main thread by default), so it may be handed to any thread that produces values.
public struct Binder<Value>: ObserverType, @unchecked Sendable {
    /// The type of the values bound.
    public typealias Element = Value

    private let handler: (Event<Value>) -> Void

    /// Creates a binder that calls `binding` with `target` while it is alive, on `scheduler`.
    ///
    /// The default scheduler is a `MainScheduler`, as in RxSwift: on the main thread with
    /// nothing queued the binding runs at once, from any other thread it runs later on the main
    /// queue (which must be running: `dispatchMain()` or `RunLoop.main.run()` on Linux). Pass
    /// `CurrentThreadScheduler.instance` or `ImmediateScheduler.instance` to bind on the
    /// sending thread. The target is held weakly; errors are a programming error (written to
    /// standard error, then an assertion in debug builds), completion is ignored.
    ///
    /// A binding written in `@MainActor` code runs on the main actor whatever the scheduler:
    /// one that would run it elsewhere is followed by a hop to the main queue, in order. Written
    /// in another actor's method, it must be given a scheduler that runs on that actor: debug
    /// builds stop at a binding run elsewhere, naming the actor and the thread. `isolation`
    /// receives the caller's actor (leave it to its default).
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(), binding: @escaping (Target, Value) -> Void, isolation: isolated (any Actor)? = #isolation) {
        let actor = isolation.map(SubscriberActor.init)
        handler = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { [weak target] element in
                    guard let target else { return Disposables.create() }
                    guard let actor, !actor.isCurrent else {
                        binding(target, element)
                        return Disposables.create()
                    }
                    if actor.isMain {
                        // The main queue runs its blocks in order: the bindings keep theirs.
                        let work = UncheckedSendable({ [weak target] in if let target { binding(target, element) } })
                        actor.enqueue { work.value() }
                    } else {
                        assertionFailure(actor.misplacedCall("Binder's binding", fix: "give the Binder a scheduler that runs on that actor"))
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.reportMisuse("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    /// Applies an element to the target.
    public func on(_ event: Event<Value>) { handler(event) }

    /// The binder as a type-erased observer.
    public func asObserver() -> AnyObserver<Value> { AnyObserver(eventHandler: handler) }
}
