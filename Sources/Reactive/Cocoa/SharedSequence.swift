/// A sequence that shares its subscription, delivers on the sharing strategy's scheduler (the
/// main thread for `Driver` and `Signal`) and never fails (RxCocoa's `SharedSequence`).
///
/// Make one from an `Observable` by saying what replaces an error (`asDriver(onErrorJustReturn:)`,
/// `asSignal(onErrorSignalWith:)`, …); its operators keep the three promises. This is RxCocoa's
/// platform-independent layer: nothing in it needs UIKit or AppKit.
///
/// `Sendable` whatever `Element` is, as `Observable`: a screen's outputs can be handed to
/// another actor or task and subscribed there.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType, Sendable {
    let source: Observable<Element>

    /// Shares `source` by the strategy's rule.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Takes `source` as it is (it is shared already, or sharing it changes nothing).
    init(raw: Observable<Element>) {
        source = raw
    }

    /// The sequence as an `Observable`.
    public func asObservable() -> Observable<Element> { source }

    /// Returns `self`.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }

    /// The sequence as an `Infallible`.
    public func asInfallible() -> Infallible<Element> { Infallible(raw: source) }
}

/// How a `SharedSequence` delivers and shares (`DriverSharingStrategy`, `SignalSharingStrategy`).
public protocol SharingStrategyProtocol {
    /// The scheduler elements are delivered on.
    static var scheduler: SchedulerType { get }
    /// Shares a sequence among its subscribers.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be seen as a `SharedSequence`.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy.
    associatedtype SharingStrategy: SharingStrategyProtocol
    /// The sequence as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequence {
    /// Completion, delivered on the strategy's scheduler.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// Nothing, ever.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// One element then completion, delivered on the strategy's scheduler.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// The sequence `factory` makes for each subscription.
    public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().asObservable() })
    }

    /// The given elements then completion, sent on the strategy's scheduler.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// The elements of an array then completion, sent on the strategy's scheduler.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// The elements of a sequence then completion, sent on the strategy's scheduler.
    public static func from<Elements: Sequence>(_ sequence: Elements) -> SharedSequence<SharingStrategy, Element> where Elements.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// The wrapped element, if any, then completion, sent on the strategy's scheduler.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// 0, 1, 2, … every `period`, on the strategy's scheduler.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// 0 after `dueTime`, then 1, 2, … every `period`, on the strategy's scheduler.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}

extension ObservableConvertibleType {
    /// This sequence as a shared sequence of strategy `S` (a `Driver`, a `Signal`, or one of
    /// your own), with an error replaced by `onErrorJustReturn` and completion.
    public func asSharedSequence<S>(sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// This sequence as a shared sequence of strategy `S`, continuing with `onErrorDriveWith`
    /// after an error.
    public func asSharedSequence<S>(sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// This sequence as a shared sequence of strategy `S`, continuing with the one
    /// `onErrorRecover` makes from an error.
    public func asSharedSequence<S>(sharingStrategy _: S.Type = S.self, onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<S, Element>) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}
