/// A shared sequence for UI state (RxCocoa's `Driver`): it never fails, delivers on the main
/// thread (`SharingScheduler`), and replays its latest element to each new subscriber
/// (`share(replay: 1, scope: .whileConnected)`).
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// `Driver`'s rules: main-thread delivery, sharing with a replay of the latest element.
public struct DriverSharingStrategy: SharingStrategyProtocol, Sendable {
    /// `SharingScheduler.make()`: a `MainScheduler` outside tests.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// Shares with a replay of the latest element while connected.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// The sequence as a `Driver`.
    public func asDriver() -> Driver<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
    /// This sequence as a `Driver`: delivered on the main thread, shared, and with an error
    /// replaced by `onErrorJustReturn` and completion.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// This sequence as a `Driver`, continuing with `onErrorDriveWith` after an error.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// This sequence as a `Driver`, continuing with the driver `onErrorRecover` makes from an
    /// error.
    public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension Infallible {
    /// This infallible as a `Driver`: delivered on the main thread and shared.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension BehaviorRelay {
    /// The relay as a `Driver` (its current value first).
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends the elements to `observers` (RxCocoa's `drive`); call it on the main thread.
    public func drive<Observer: ObserverType>(_ observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(fanningOutTo: observers), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `observers`; call it on the main thread.
    public func drive<Observer: ObserverType>(_ observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable where Observer.Element == Element? {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(fanningOutTo: observers), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Sends the elements to `relays`; call it on the main thread.
    public func drive(_ relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`; call it on the main thread.
    public func drive(_ relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Sends the elements to `relays`; call it on the main thread.
    public func drive(_ relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Sends the elements, as optionals, to `relays`; call it on the main thread.
    public func drive(_ relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(acceptingInto: relays), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Hands the driver, as an `Observable`, to `transformation`: `d.drive(f)` is `f(d)`.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return transformation(asObservable())
    }

    /// Hands the driver to a curried function with its second argument.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes with closures that get `object` (held weakly); call it on the main thread.
    public func drive<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Subscribes with closures for elements, completion and disposal; call it on the main
    /// thread (a `Driver` never fails: no error closure).
    public func drive(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: drivingOffTheMainThread)
        return recordSubscription(asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation), to: asObservable(), as: "drive", file: file, line: line)
    }

    /// Subscribes and does nothing with the events; call it on the main thread.
    public func drive(file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(drive(onNext: nil, onCompleted: nil, onDisposed: nil), to: asObservable(), as: "drive", file: file, line: line)
    }
}

let drivingOffTheMainThread = "`drive*` was called off the main thread: a Driver is for the main thread."
