extension ObservableType {
    /// Shares the source through a `PublishSubject` once connected.
    ///
    /// `--1--2--3--|` connected at 0, second subscriber at 2 → it sees `--3--|`
    ///
    /// Each connection gets a fresh subject, so after completion a new `connect()` subscribes
    /// the source again.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }
}
