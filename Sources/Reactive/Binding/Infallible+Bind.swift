extension Infallible {
    /// Sends the elements to `observers` (RxCocoa's `bind(to:)` for an `Infallible`).
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        source.subscribe(fanningOutTo: observers)
    }

    /// Sends the elements, as optionals, to `observers`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        source.subscribe(fanningOutTo: observers)
    }

    /// Hands this infallible to `binder` and returns its result.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Hands this infallible to a curried `binder` with its second argument.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Calls `onNext` with each element.
    public func bind(onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        source.subscribe(onNext: onNext, isolation: isolation)
    }

    /// Sends the elements to `relays`.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        source.subscribe(acceptingInto: relays)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        source.subscribe(acceptingInto: relays)
    }

    /// Sends the elements to `relays`.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        source.subscribe(acceptingInto: relays)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        source.subscribe(acceptingInto: relays)
    }

    /// Sends the elements to `relays`.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        source.subscribe(acceptingInto: relays)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        source.subscribe(acceptingInto: relays)
    }
}
