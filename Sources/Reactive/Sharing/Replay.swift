extension ObservableType {
    /// Shares the source through a `ReplaySubject` of `bufferSize` once connected: late
    /// subscribers first get the last `bufferSize` elements.
    ///
    /// Each connection gets a fresh subject.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// Shares the source through an unbounded `ReplaySubject` once connected: late subscribers
    /// first get every element so far.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}
