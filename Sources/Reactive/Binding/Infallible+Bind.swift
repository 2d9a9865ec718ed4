extension Infallible {
    /// Sends the elements to `observers` (RxCocoa's `bind(to:)` for an `Infallible`).
    public func bind<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element {
        recordSubscription(source.subscribe(fanningOutTo: observers), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `observers`.
    public func bind<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element? {
        recordSubscription(source.subscribe(fanningOutTo: observers), to: asObservable(), as: "bind", file: file, line: line)
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
    public func bind(onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(onNext: onNext, isolation: isolation), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements to `relays`.
    public func bind(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func bind(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements to `relays`.
    public func bind(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func bind(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements to `relays`.
    public func bind(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func bind(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(source.subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }
}
