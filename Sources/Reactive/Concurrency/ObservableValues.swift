extension ObservableConvertibleType where Element: Sendable {
    /// The elements as an `AsyncThrowingStream`, for `for try await`.
    ///
    /// Subscribes when the stream is created. Buffering: unbounded (the stream's default), so a
    /// fast producer never blocks and a slow consumer gets every element in order; use
    /// `values(bufferingPolicy:)` to bound it. Ending the iteration (or cancelling its task)
    /// disposes the subscription; the sequence's error is thrown from the iteration.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements as an `AsyncThrowingStream` with the given buffering policy (for example
    /// `.bufferingNewest(1)` to keep only the latest element for a slow consumer).
    public func values(bufferingPolicy: AsyncThrowingStream<Element, Swift.Error>.Continuation.BufferingPolicy) -> AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
            // A subscription ended without a terminal event (the iterating task was cancelled)
            // ends the iteration with `CancellationError`, as RxSwift's `values` does.
            let subscription = source.subscribe(onNext: { continuation.yield($0) }, onError: { continuation.finish(throwing: $0) }, onCompleted: { continuation.finish() }, onDisposed: { continuation.finish(throwing: CancellationError()) })
            let box = DisposableBox(subscription)
            continuation.onTermination = { _ in box.dispose() }
        }
    }
}

extension Infallible where Element: Sendable {
    /// The elements as an `AsyncStream` (unbounded buffering; see `Observable.values`).
    public var values: AsyncStream<Element> {
        nonFailingValues(of: asObservable())
    }
}

extension SharedSequence where Element: Sendable {
    /// The elements as an `AsyncStream`, for `for await` (RxCocoa's `Driver.values` and
    /// `Signal.values`): a shared sequence never fails, so the iteration never throws.
    ///
    /// Main-actor isolated, as in RxCocoa: the sequence delivers on the main thread. Subscribes
    /// when the stream is created; unbounded buffering; ending the iteration (or cancelling its
    /// task) disposes the subscription.
    @MainActor public var values: AsyncStream<Element> {
        nonFailingValues(of: asObservable())
    }
}

/// The elements of a sequence that never fails (an `Infallible`, a shared sequence), as an
/// `AsyncStream`.
private func nonFailingValues<Element: Sendable>(of source: Observable<Element>) -> AsyncStream<Element> {
    AsyncStream { continuation in
        let subscription = source.subscribe(onNext: { continuation.yield($0) }, onCompleted: { continuation.finish() })
        let box = DisposableBox(subscription)
        continuation.onTermination = { _ in box.dispose() }
    }
}

extension PrimitiveSequence where Trait == SingleTrait, Element: Sendable {
    /// The element, awaited; throws the failure. Cancelling the task disposes the subscription
    /// and throws `CancellationError`.
    public var value: Element {
        get async throws {
            try await awaitFirst(of: source) ?? { throw RxError.noElements }()
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: Sendable {
    /// The element, or nil if it completes empty; throws the failure or `CancellationError`.
    public var value: Element? {
        get async throws {
            try await awaitFirst(of: source)
        }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Awaits completion; throws the failure or `CancellationError`.
    public var value: Void {
        get async throws {
            _ = try await awaitFirst(of: source)
        }
    }
}

/// The first element (or nil at completion) of `source`, awaited with cancellation support.
func awaitFirst<Element: Sendable>(of source: Observable<Element>) async throws -> Element? {
    let subscription = SerialDisposable()
    let box = DisposableBox(subscription)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, Swift.Error>) in
            let once = ResumeOnce(continuation)
            subscription.disposable = source.subscribe { event in
                switch event {
                case .next(let element): once.resume(.success(element))
                case .error(let error): once.resume(.failure(error))
                case .completed: once.resume(.success(nil))
                }
            }
            if Task.isCancelled {
                subscription.dispose()
                once.resume(.failure(CancellationError()))
            } else {
                box.onDispose = { once.resume(.failure(CancellationError())) }
            }
        }
    } onCancel: {
        box.dispose()
    }
}

/// Resumes a continuation once, whichever of the events or the cancellation comes first.
private final class ResumeOnce<Element: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var continuation: CheckedContinuation<Element?, Swift.Error>?

    init(_ continuation: CheckedContinuation<Element?, Swift.Error>) {
        self.continuation = continuation
    }

    func resume(_ result: Result<Element?, Swift.Error>) {
        lock.take(&continuation)?.resume(with: result)
    }
}

/// Lets a `@Sendable` termination or cancellation handler dispose a subscription.
final class DisposableBox: @unchecked Sendable {
    private let lock = Lock()
    private var disposable: Disposable?
    private var disposed = false
    private var disposeHandler: (() -> Void)?

    init(_ disposable: Disposable) {
        self.disposable = disposable
    }

    /// Runs when disposed (once), e.g. to resume a waiting continuation.
    var onDispose: (() -> Void)? {
        get { lock.withLock { disposeHandler } }
        set {
            let runNow: Bool = lock.withLock {
                if disposed { return true }
                disposeHandler = newValue
                return false
            }
            if runNow { newValue?() }
        }
    }

    func dispose() {
        let (taken, handler): (Disposable?, (() -> Void)?) = lock.withLock {
            disposed = true
            defer {
                disposable = nil
                disposeHandler = nil
            }
            return (disposable, disposeHandler)
        }
        taken?.dispose()
        handler?()
    }
}
