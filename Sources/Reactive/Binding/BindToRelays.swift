extension ObservableType {
    /// Sends this sequence's elements to `relays` (RxRelay's `bind(to:)`).
    ///
    /// Completion is ignored (a relay never ends); an error is a programming error, an
    /// assertion in debug builds (RxRelay's fatal error in debug builds), ignored in release.
    public func bind(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    public func bind(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements to `relays`; see `bind(to:)` for `PublishRelay`.
    public func bind(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    public func bind(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements to `relays`; see `bind(to:)` for `PublishRelay`.
    public func bind(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    public func bind(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// The one relay fan-out behind `bind(to:)`, `drive` and `emit`: each element goes to every
    /// relay in order, completion is ignored, an error is reported as a misuse (it cannot
    /// reach a relay).
    func subscribe<Relay: AcceptingRelay>(acceptingInto relays: [Relay]) -> Disposable where Relay.Element == Element {
        subscribe { event in
            switch event {
            case .next(let element): for relay in relays { relay.accept(element) }
            case .error(let error): Hooks.reportMisuse("Binding error to a relay: \(error)")
            case .completed: break
            }
        }
    }

    /// The fan-out to relays of optionals.
    func subscribe<Relay: AcceptingRelay>(acceptingInto relays: [Relay]) -> Disposable where Relay.Element == Element? {
        map { $0 as Element? }.subscribe(acceptingInto: relays)
    }
}

/// A relay as the binding forms see it: it accepts elements and never ends. Internal, so that
/// the three relays share one fan-out without widening their public API.
protocol AcceptingRelay: AnyObject {
    associatedtype Element
    func accept(_ event: Element)
}

extension PublishRelay: AcceptingRelay {}
extension BehaviorRelay: AcceptingRelay {}
extension ReplayRelay: AcceptingRelay {}
