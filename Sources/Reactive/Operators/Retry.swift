extension ObservableType {
    /// Resubscribes to the source each time it fails, without limit.
    ///
    /// `--1--#` (then `--1--2--|`) → `retry()` → `--1----1--2--|`
    ///
    /// A source that fails synchronously is resubscribed in a loop, without growing the stack.
    public func retry() -> Observable<Element> {
        RetryObservable(source: asObservable(), maxAttemptCount: .max)
    }

    /// Subscribes to the source at most `maxAttemptCount` times, until one does not fail.
    ///
    /// `--1--#` → `retry(2)` → `--1----1--#`
    ///
    /// The last attempt's error is forwarded. `retry(0)` and `retry(1)` subscribe once.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        RetryObservable(source: asObservable(), maxAttemptCount: Swift.max(0, maxAttemptCount))
    }
}

final class RetryObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let maxAttemptCount: Int

    init(source: Observable<Element>, maxAttemptCount: Int) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: RetryObservable<Element>.self)
            let sink = RetrySink(downstream: downstream, source: node.source, maxAttemptCount: node.maxAttemptCount)
            sink.start()
            return sink
        })
    }
}

final class RetrySink<Element>: SequentialSink<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private var remaining: Int
    private var lastError: Swift.Error?

    init(downstream: Downstream<Element>, source: Observable<Element>, maxAttemptCount: Int) {
        self.source = source
        remaining = maxAttemptCount
        super.init(downstream: downstream)
    }

    /// The next attempt, or the end once none is left: the last error (RxSwift's order: an
    /// attempt failing inside `subscribe` has its error delivered once the source's subscribe
    /// code has returned, also on the last attempt) or, with no attempt at all, completion.
    override func nextSource() -> Observable<Element>? {
        if remaining == 0 {
            if let lastError {
                forwardError(lastError)
            } else {
                forwardCompleted()
            }
            return nil
        }
        if remaining != .max { remaining -= 1 }
        return source
    }

    override func onTerminal(_ event: Event<Element>) {
        guard case .error(let error) = event else {
            forward(event)
            return
        }
        lastError = error
        subscribeNext()
    }
}
