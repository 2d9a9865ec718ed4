extension ObservableType {
    /// Sends this sequence's elements to `relays` (RxRelay's `bind(to:)`).
    ///
    /// Completion is ignored (a relay never ends); an error is a programming error, an
    /// assertion in debug builds (RxRelay's fatal error in debug builds), ignored in release.
    @inlinable public func bind(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    @inlinable public func bind(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements to `relays`; see `bind(to:)` for `PublishRelay`.
    @inlinable public func bind(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    @inlinable public func bind(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements to `relays`; see `bind(to:)` for `PublishRelay`.
    @inlinable public func bind(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    @inlinable public func bind(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        recordSubscription(subscribe(acceptingInto: relays), to: asObservable(), as: "bind", file: file, line: line)
    }

    /// The one relay fan-out behind `bind(to:)`, `drive` and `emit`: each element goes to every
    /// relay in order, completion is ignored, an error is reported as a misuse (it cannot
    /// reach a relay).
    ///
    /// Inlinable, so that each element reaches the relays through code specialised for it: made
    /// in the library's generic code, an element cost about 2,900 instructions more, most of them
    /// metadata lookups (relayBindingPumping 3,311 -> 379).
    @inlinable func subscribe<Relay: AcceptingRelay>(acceptingInto relays: [Relay]) -> Disposable where Relay.Element == Element {
        subscribe { event in
            switch event {
            case .next(let element): for relay in relays { relay.accept(element) }
            case .error(let error): reportBindingErrorToRelay(error)
            case .completed: break
            }
        }
    }

    /// The fan-out to relays of optionals.
    @inlinable func subscribe<Relay: AcceptingRelay>(acceptingInto relays: [Relay]) -> Disposable where Relay.Element == Element? {
        map { $0 as Element? }.subscribe(acceptingInto: relays)
    }
}

/// A relay as the binding forms see it: it accepts elements and never ends. Internal, so that
/// the three relays share one fan-out without widening their public API.
@usableFromInline protocol AcceptingRelay: AnyObject {
    associatedtype Element
    func accept(_ event: Element)
}

extension PublishRelay: AcceptingRelay {}
extension BehaviorRelay: AcceptingRelay {}
extension ReplayRelay: AcceptingRelay {}

/// An error bound to a relay, reported as a misuse (it cannot reach a relay); out of line.
@usableFromInline func reportBindingErrorToRelay(_ error: Swift.Error) {
    Hooks.reportMisuse("Binding error to a relay: \(error)")
}
