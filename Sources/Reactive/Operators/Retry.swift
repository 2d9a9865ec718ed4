extension ObservableType {
    /// Resubscribes to the source each time it fails, without limit.
    ///
    /// `--1--#` → `retry()` → `--1----1----1--`
    ///
    /// A source that fails synchronously is resubscribed in a loop, without growing the stack.
    public func retry() -> Observable<Element> {
        let source = asObservable()
        return CatchSequenceObservable(makeSources: { (AnyIterator { source }, nil) })
    }

    /// Subscribes to the source at most `maxAttemptCount` times, until one does not fail.
    ///
    /// `--1--#` → `retry(2)` → `--1----1--#`
    ///
    /// The last attempt's error is forwarded, once the source's own code after sending it has
    /// run (a source failing inside `subscribe`). As in RxSwift, this is `catch(sequence:)` over
    /// the source repeated: `retry(1)` subscribes once, `retry(0)` completes without subscribing.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        let source = asObservable()
        let attempts = Swift.max(0, maxAttemptCount)
        return CatchSequenceObservable(makeSources: { (AnyIterator(Swift.repeatElement(source, count: attempts).makeIterator()), attempts) })
    }
}
