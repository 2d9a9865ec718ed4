extension PrimitiveSequence where Trait == SingleTrait {
    /// A `Single` of the result of `work`, run in a task started at each subscription
    /// (RxSwift's `Single.create(detached:priority:work:)`).
    ///
    /// The task is detached when `detached` is true, else a child of the subscribing context's
    /// task-local values; it runs at `priority`. What `work` returns is the success, what it
    /// throws the failure, sent from the task. Disposing cancels the task; `work` sees the
    /// cancellation at its next suspension point, and nothing is sent after disposal.
    @_disfavoredOverload
    public static func create(detached: Bool = false, priority: TaskPriority? = nil, work: @Sendable @escaping () async throws -> Element) -> Single<Element> {
        Single.create { single in
            // The task is the one sender to this subscription's observer.
            let report = UncheckedSendable(single)
            let operation: @Sendable () async -> Void = {
                let result: SingleEvent<Element>
                do {
                    result = .success(try await work())
                } catch {
                    result = .failure(error)
                }
                report.value(result)
            }
            let task = detached ? Task.detached(priority: priority, operation: operation) : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }
}
