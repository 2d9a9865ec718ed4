/// A push-based sequence of elements that observers subscribe to.
///
/// Every operator is an extension on this protocol, so operators apply to `Observable`, subjects,
/// relays and any other conforming type.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Subscribes `observer` to the sequence's events.
    ///
    /// - Returns: A disposable that ends the subscription. Disposing is idempotent and thread-safe;
    ///   once `dispose()` returns, no event sent afterwards reaches `observer` (a delivery another
    ///   thread had already started may still arrive, at most one; see `Disposable.dispose()`).
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// Wraps a custom conforming type in an `Observable`.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
