extension AsyncSequence where Self: Sendable {
    /// The elements as an `Observable`: each subscription iterates the sequence in a new
    /// detached task, at `priority` (RxSwift's `asObservable(priority:)`).
    ///
    /// Elements are sent from that task; a thrown error is sent as `error` (a
    /// `CancellationError` as completion, as in RxSwift). Disposing cancels the task (the
    /// iteration stops at its next suspension point); the task's own cancellation ends the
    /// sequence without an event. Use `observe(on:)` to choose the delivering thread.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.from(self, priority: priority)
    }
}

extension ObservableType {
    /// An observable of the elements of an async sequence (see `AsyncSequence.asObservable()`).
    public static func from<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence, priority: TaskPriority? = nil) -> Observable<Element> where Sequence.Element == Element {
        Observable.create { observer in
            let sink = UncheckedObserver(observer)
            let task = Task.detached(priority: priority) {
                do {
                    for try await element in sequence {
                        if Task.isCancelled { return }
                        sink.observer.onNext(element)
                    }
                    if !Task.isCancelled { sink.observer.onCompleted() }
                } catch is CancellationError {
                    if !Task.isCancelled { sink.observer.onCompleted() }
                } catch {
                    if !Task.isCancelled { sink.observer.onError(error) }
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}

/// Hands an observer to the iterating task; the task is its only sender.
private struct UncheckedObserver<Element>: @unchecked Sendable {
    let observer: AnyObserver<Element>
    init(_ observer: AnyObserver<Element>) { self.observer = observer }
}
