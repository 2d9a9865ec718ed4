/// A shared sequence for UI events (RxCocoa's `Signal`): it never fails, delivers on the main
/// thread (`SharingScheduler`), and replays nothing to a new subscriber
/// (`share(scope: .whileConnected)`).
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// `Signal`'s rules: main-thread delivery, sharing without replay.
public struct SignalSharingStrategy: SharingStrategyProtocol, Sendable {
    /// `SharingScheduler.make()`: a `MainScheduler` outside tests.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// Shares without replay while connected.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// The sequence as a `Signal`.
    public func asSignal() -> Signal<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
    /// This sequence as a `Signal`: delivered on the main thread, shared, and with an error
    /// replaced by `onErrorJustReturn` and completion.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// This sequence as a `Signal`, continuing with `onErrorSignalWith` after an error.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { _ in onErrorSignalWith.asObservable() })
    }

    /// This sequence as a `Signal`, continuing with the signal `onErrorRecover` makes from an
    /// error.
    public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension Infallible {
    /// This infallible as a `Signal`: delivered on the main thread and shared.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension PublishRelay {
    /// The relay as a `Signal`.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends the elements to `observers` (RxCocoa's `emit`).
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        asObservable().subscribe(fanningOutTo: observers)
    }

    /// Sends the elements, as optionals, to `observers`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        asObservable().subscribe(fanningOutTo: observers)
    }

    /// Sends the elements to `relays`.
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        asObservable().subscribe(acceptingInto: relays)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        asObservable().subscribe(acceptingInto: relays)
    }

    /// Sends the elements to `relays`.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        asObservable().subscribe(acceptingInto: relays)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        asObservable().subscribe(acceptingInto: relays)
    }

    /// Sends the elements to `relays`.
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        asObservable().subscribe(acceptingInto: relays)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        asObservable().subscribe(acceptingInto: relays)
    }

    /// Subscribes with closures that get `object` (held weakly).
    public func emit<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }

    /// Subscribes with closures for elements, completion and disposal (a `Signal` never fails).
    public func emit(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }

    /// Subscribes and does nothing with the events.
    public func emit() -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
