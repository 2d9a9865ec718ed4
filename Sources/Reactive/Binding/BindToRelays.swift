extension ObservableType {
    /// Sends this sequence's elements to `relays` (RxRelay's `bind(to:)`).
    ///
    /// Completion is ignored (a relay never ends); an error is a programming error, an
    /// assertion in debug builds (RxRelay's fatal error in debug builds), ignored in release.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements to `relays`; see `bind(to:)` for `PublishRelay`.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements to `relays`; see `bind(to:)` for `PublishRelay`.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements, as optionals, to `relays`.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bindToRelays { element in relays.forEach { $0.accept(element) } }
    }

    private func bindToRelays(_ accept: @escaping (Element) -> Void) -> Disposable {
        subscribe { event in
            switch event {
            case .next(let element): accept(element)
            case .error(let error): assertionFailure("Binding error to a relay: \(error)")
            case .completed: break
            }
        }
    }
}
