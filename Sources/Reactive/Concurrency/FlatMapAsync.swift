// The flattening operators with an `async` closure: each element's closure runs in a task of
// its own, and its result is the one element of an inner sequence (`AsyncWorkObservable`) that
// the operator of the same name flattens. So each behaves, event for event, as its
// Observable-returning form given a one-element inner source (`Single.create(work:)`), with the
// same engine.
//
// Isolation. The closure parameter is typed as `Task.init`'s operation: `@isolated(any)`, so the
// closure carries the actor it is isolated to and the task awaits it there, and
// `@_inheritActorContext(always)`, so a closure literal written in `@MainActor` code, or in an
// actor's method, is isolated to that actor (whether it captures `self` or not) and may use its
// state, checked by the compiler; one written in nonisolated code runs on the global
// concurrent executor, off the caller's thread. `@Sendable`, with `Sendable` elements and
// results: the closure and what crosses to and from its actor are checked as every other
// actor crossing.
//
// Overloads. The async forms are disfavoured: a closure that the sync form accepts (one
// returning an observable, with no `await`) still selects the sync form, as before they existed.
//
// Inlinable, so that the flattening sink is specialised for the app's element types, as the
// sync forms' are: unspecialised (made in this module), an element cost 14,696 instructions in
// flatMapLatestAsyncClosure (2.3 times its floor) and 15,673 in concatMapAsyncClosure (4.2
// times), against 10,077 and 7,863. The task's own code (`startAsyncWork`) stays here.

extension ObservableType where Element: Sendable {
    /// Runs `work` on each element in a task of its own and merges the results as the tasks finish.
    ///
    /// `ids.flatMap { try await api.load($0) }`: each id's load starts when the id arrives; the
    /// loads run side by side, and each result is sent when its load returns.
    ///
    /// The tasks run concurrently. Completes when the source has completed and every task has
    /// finished. An error thrown by `work`, or the source's error, is sent and cancels the
    /// other tasks.
    ///
    /// Isolation: `work` runs on the actor it was written in (a closure written in `@MainActor`
    /// code on the main actor, one in an actor's method on that actor), else on the global
    /// concurrent executor. Results are sent from the task that ran `work`, after it returns:
    /// use `observe(on:)` to choose the thread (a subscriber's own closures already run on its
    /// actor).
    ///
    /// Cancellation: disposing cancels every running task (`Task.isCancelled` is true inside
    /// `work`, and a task that ignores it has its result dropped); nothing is sent after
    /// `dispose()` returns.
    @_disfavoredOverload
    @inlinable public func flatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async throws -> Result) -> Observable<Result> {
        MergeObservable(source: asObservable(), selector: { AsyncWorkObservable($0, work) }, mode: .merge(maxConcurrent: .max))
    }

    /// Runs `work` on each element, cancelling the task of the element before: only the
    /// latest element's result is sent.
    ///
    /// `query.flatMapLatest { try await api.search($0) }`: each query cancels the search of the
    /// one before, and only the latest query's results are sent.
    ///
    /// A new element cancels the running task before starting its own, and **a cancelled
    /// task's result or error is never sent**, even if it finishes after the cancellation (a
    /// search whose answer comes after the next keystroke). Completes when the source has
    /// completed and the latest task has finished. An error thrown by the latest task's `work`,
    /// or the source's error, is sent and cancels the running task.
    ///
    /// Isolation and cancellation on disposal as `flatMap(_:)`'s async form.
    @_disfavoredOverload
    @inlinable public func flatMapLatest<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async throws -> Result) -> Observable<Result> {
        SwitchObservable(source: asObservable(), selector: { AsyncWorkObservable($0, work) })
    }

    /// Runs `work` on an element only if no task runs: elements that arrive while one runs are
    /// dropped (`work` is not called for them).
    ///
    /// `refreshTaps.flatMapFirst { try await api.reload() }`: taps while a reload runs are
    /// ignored.
    ///
    /// Completion, errors, isolation and cancellation on disposal as `flatMap(_:)`'s async form.
    @_disfavoredOverload
    @inlinable public func flatMapFirst<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async throws -> Result) -> Observable<Result> {
        MergeObservable(source: asObservable(), selector: { AsyncWorkObservable($0, work) }, mode: .first)
    }

    /// Runs `work` on each element, one task at a time and in order: an element that arrives
    /// while a task runs waits for it to finish.
    ///
    /// `edits.concatMap { try await store.save($0) }`: each edit is saved after the one before
    /// has been, in the order they came.
    ///
    /// Completes when the source has completed and every waiting element's task has finished.
    /// An error thrown by `work`, or the source's error, is sent, cancels the running task and
    /// drops the waiting elements. Isolation and cancellation on disposal as `flatMap(_:)`'s
    /// async form.
    @_disfavoredOverload
    @inlinable public func concatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async throws -> Result) -> Observable<Result> {
        MergeObservable(source: asObservable(), selector: { AsyncWorkObservable($0, work) }, mode: .merge(maxConcurrent: 1))
    }
}

/// The inner sequence of an async flattening operator: at subscription, a task runs `work` on
/// `input` and sends its result then completion, or its error. Disposing cancels the task.
/// Unchecked Sendable only because `Observable` is (a subclass must say so again): its own
/// fields are constants of `Sendable` types, which the compiler checks where it is made.
@usableFromInline final class AsyncWorkObservable<Input: Sendable, Element: Sendable>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let input: Input
    @usableFromInline let work: @Sendable @isolated(any) (Input) async throws -> Element

    @inlinable init(_ input: Input, _ work: @escaping @Sendable @isolated(any) (Input) async throws -> Element) {
        self.input = input
        self.work = work
        // Not trampolined: subscribing starts a task and schedules nothing on the current thread.
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: AsyncWorkObservable<Input, Element>.self)
            return startAsyncWork(node.work, node.input, consume downstream)
        }, trampolined: false)
    }
}

/// Starts the task of one `AsyncWorkObservable` subscription, sending to `downstream`. In the
/// library, unspecialised: it runs once an element, beside a task's creation and scheduling,
/// which cost far more than its generic code.
@usableFromInline func startAsyncWork<Input: Sendable, Element: Sendable>(_ work: @escaping @Sendable @isolated(any) (Input) async throws -> Element, _ input: Input, _ downstream: consuming Downstream<Element>) -> Upstream {
    // The downstream is an operator's sink, which takes events from any thread; the task is
    // this subscription's only sender, so the events it sends never overlap.
    let sender = UncheckedSendable(downstream)
    let task = Task {
        let result: Element
        do {
            result = try await work(input)
        } catch {
            // A cancelled task's error is dropped as its result is: cancelled means disposed.
            if !Task.isCancelled { sender.value.on(.error(error)) }
            return
        }
        // Disposed meanwhile: the downstream drops what arrives after its disposal anyway; this
        // spares it the work.
        if Task.isCancelled { return }
        sender.value.on(.next(result))
        sender.value.on(.completed)
    }
    return .object(TaskCancellation(task))
}

/// The subscription of an `AsyncWorkObservable`: disposing it cancels its task.
@usableFromInline final class TaskCancellation: Disposable, Sendable {
    let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    @usableFromInline func dispose() {
        task.cancel()
    }
}
