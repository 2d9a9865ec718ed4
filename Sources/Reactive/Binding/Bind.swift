extension ObservableType {
    /// Sends this sequence's events to `observers` (RxCocoa's `bind(to:)`).
    ///
    /// Every event goes to each observer in order, on the thread it arrives on; bind to a
    /// `Binder` to apply elements on the main thread. Binding is for sequences that do not
    /// fail: an error is forwarded to the observers as it is.
    ///
    /// - Returns: The subscription; dispose it (or put it in a `DisposeBag`) to stop.
    @inlinable public func bind<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element {
        recordSubscription(subscribe(fanningOutTo: observers), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `observers`; see `bind(to:)`.
    @inlinable public func bind<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element? {
        recordSubscription(subscribe(fanningOutTo: observers), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Hands this sequence to `binder` and returns its result: `source.bind(to: f)` is `f(source)`.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Hands this sequence to a curried `binder` with its second argument:
    /// `source.bind(to: f, curriedArgument: a)` is `f(source)(a)`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Calls `onNext` with each element (RxCocoa's `bind(onNext:)`).
    ///
    /// Binding is for sequences that do not fail: an error is a programming error, written to
    /// standard error and then an assertion in debug builds (as RxCocoa's fatal error there).
    @inlinable public func bind(onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        // Inlinable, as `subscribe(onNext:)`, so that each element reaches `onNext` through code
        // specialised for it (bindOnNextPumping 766 -> 131 instructions an element).
        recordSubscription(subscribe(onNext: onNext, onError: reportBindingError, isolation: isolation), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Calls `onNext` with `object` and each element (RxCocoa's `bind(with:onNext:)`), so the
    /// closure need not capture `object`.
    ///
    /// `object` is held weakly: once it is gone, elements are dropped (the subscription stays
    /// until disposed). An error is a programming error, as for `bind(onNext:)`.
    @inlinable public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(onNext: bindingWeakly(object, onNext), onError: reportBindingError, isolation: isolation), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// The one observer fan-out behind `bind(to:)`, `drive` and `emit`: every event goes to
    /// each observer in order. Inlinable, as the relays' fan-out, so that an event reaches the
    /// observers through code specialised for it.
    @inlinable func subscribe<Observer: ObserverType>(fanningOutTo observers: [Observer]) -> Disposable where Observer.Element == Element {
        subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// The fan-out to observers of optionals.
    @inlinable func subscribe<Observer: ObserverType>(fanningOutTo observers: [Observer]) -> Disposable where Observer.Element == Element? {
        map { $0 as Element? }.subscribe(fanningOutTo: observers)
    }
}

/// An error reaching `bind(onNext:)` or `bind(with:onNext:)`: a programming error, reported as a
/// misuse. Out of line, the same for every binding.
@usableFromInline func reportBindingError(_ error: Swift.Error) {
    Hooks.reportMisuse("Binding error: \(error)")
}
