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
    public func emit<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element {
        recordSubscription(asObservable().subscribe(fanningOutTo: observers), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `observers`.
    public func emit<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element? {
        recordSubscription(asObservable().subscribe(fanningOutTo: observers), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements to `relays`.
    public func emit(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func emit(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements to `relays`.
    public func emit(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func emit(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements to `relays`.
    public func emit(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`.
    public func emit(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Subscribes with closures that get `object` (held weakly).
    public func emit<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Subscribes with closures for elements, completion and disposal (a `Signal` never fails).
    public func emit(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "emit", file: file, line: line)
    }

    /// Subscribes and does nothing with the events.
    public func emit(file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(emit(onNext: nil, onCompleted: nil, onDisposed: nil), to: asObservable(), as: "emit", file: file, line: line)
    }
}
