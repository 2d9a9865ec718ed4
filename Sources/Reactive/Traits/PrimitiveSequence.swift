/// An observable with a promise about its events (RxSwift's traits): `Single` sends exactly one
/// element or an error, `Maybe` one element, completion or an error, `Completable` completion
/// or an error.
///
/// A trait wraps an `Observable` that keeps the promise; operators on traits keep it too, and
/// `asObservable()` gives the plain sequence back.
///
/// `Sendable` whatever `Element` is, as `Observable`: it is an immutable recipe, and
/// subscribing to it from any thread is safe.
public struct PrimitiveSequence<Trait, Element>: ObservableConvertibleType, PrimitiveSequenceType, Sendable {
    @usableFromInline let source: Observable<Element>

    @inlinable init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The trait as an `Observable` keeping its promise.
    public func asObservable() -> Observable<Element> { source }

    /// The trait itself (what `PrimitiveSequenceType` asks for).
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

/// Any `Single`, `Maybe` or `Completable` (RxSwift's protocol, for generic code over traits).
public protocol PrimitiveSequenceType {
    /// `SingleTrait`, `MaybeTrait` or `CompletableTrait`.
    associatedtype Trait
    /// The element type.
    associatedtype Element
    /// The sequence as a `PrimitiveSequence`.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence where Element: RxAbstractInteger {
    /// A `Single` or `Maybe` that sends 0 after `dueTime`, on `scheduler`, and ends.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}

/// The marker of `Single`.
public enum SingleTrait: Sendable {}
/// The marker of `Maybe`.
public enum MaybeTrait: Sendable {}
/// The marker of `Completable`.
public enum CompletableTrait: Sendable {}

/// Exactly one element, or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>
/// One element, completion without one, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>
/// Completion or an error, no element.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What `Single.create` is given: `.success(element)` or `.failure(error)`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

/// What `Maybe.create` is given.
public enum MaybeEvent<Element> {
    /// One element, then the end.
    case success(Element)
    /// A failure.
    case error(Swift.Error)
    /// The end without an element.
    case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

/// What `Completable.create` is given.
public enum CompletableEvent: Sendable {
    /// A failure.
    case error(Swift.Error)
    /// The end.
    case completed
}

extension PrimitiveSequence {
    /// A trait created anew for each subscription.
    public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() })
    }

    /// A trait that fails with `error` at subscription.
    public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A trait that never sends anything.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.never())
    }

    /// Fails with the error of the last attempt after `maxAttemptCount` subscriptions.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Resubscribes after each failure, without limit.
    public func retry() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry())
    }

    /// Resubscribes when the notification handler's observable sends after a failure.
    public func retry<Trigger: ObservableType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Resubscribes when the notification handler's observable sends after a failure; the
    /// handler gets every error as `Swift.Error` (so `retry { errors in … }` infers).
    public func retry<Trigger: ObservableType>(when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// A trait whose lifetime controls a resource: `resourceFactory` makes it at subscription,
    /// `primitiveSequenceFactory` makes the trait that uses it, and the resource is disposed
    /// when the subscription ends. Errors thrown by either factory are sent as `error`.
    public static func using<Resource: Disposable>(_ resourceFactory: @escaping () throws -> Resource, primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).source }))
    }

    /// Fails with `RxError.timeout` if it has not ended within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` if it has not ended within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }

    /// Sends its events `dueTime` later (errors at once).
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes `dueTime` later.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers its events on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// Continues with the trait `handler` returns on failure.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { try handler($0).source })
    }

    /// Logs its events (see `Observable.debug`).
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
