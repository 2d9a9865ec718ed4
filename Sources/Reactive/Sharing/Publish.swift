extension ObservableType {
    /// Shares the source through a `PublishSubject` once connected.
    ///
    /// `--1--2--3--|` → `Observable.deferred { let shared = source.publish(); _ = shared.connect(); return shared.delaySubscription(.seconds(4), scheduler: scheduler) }` → `-----2--3--|` (connected at 0, subscribed at 4)
    ///
    /// Each connection gets a fresh subject, so after completion a new `connect()` subscribes
    /// the source again.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }
}
