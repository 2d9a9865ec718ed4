// The async flattening operators on the traits that have the sync forms: each keeps its trait's
// promise (an `Infallible`, a `Driver` or a `Signal` takes a closure that cannot throw; a
// `Driver` or `Signal` sends the results on its strategy's scheduler) and otherwise behaves as
// the `Observable` form (see FlatMapAsync.swift for isolation, cancellation and overloads).

extension Infallible where Element: Sendable {
    /// Runs `work` on each element in a task of its own and merges the results as the tasks
    /// finish (as `Observable.flatMap(_:)`'s async form; `work` cannot throw).
    @_disfavoredOverload
    public func flatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> Infallible<Result> {
        Infallible<Result>(raw: source.flatMap(work))
    }

    /// Runs `work` on each element, cancelling the task of the element before: only the latest
    /// element's result is sent (as `Observable.flatMapLatest(_:)`'s async form).
    @_disfavoredOverload
    public func flatMapLatest<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> Infallible<Result> {
        Infallible<Result>(raw: source.flatMapLatest(work))
    }

    /// Runs `work` on an element only if no task runs; elements arriving meanwhile are dropped
    /// (as `Observable.flatMapFirst(_:)`'s async form).
    @_disfavoredOverload
    public func flatMapFirst<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> Infallible<Result> {
        Infallible<Result>(raw: source.flatMapFirst(work))
    }

    /// Runs `work` on each element, one task at a time and in order (as
    /// `Observable.concatMap(_:)`'s async form).
    @_disfavoredOverload
    public func concatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> Infallible<Result> {
        Infallible<Result>(raw: source.concatMap(work))
    }
}

extension PrimitiveSequence where Trait == SingleTrait, Element: Sendable {
    /// Continues with the result of `work` on the element, run in a task: succeeds with what it
    /// returns, fails with what it throws (as `flatMap` with a `Single` made by
    /// `Single.create(work:)`).
    ///
    /// `work` runs on the actor it was written in (see `Observable.flatMap(_:)`'s async form).
    /// Disposing cancels the task; its result is then dropped.
    @_disfavoredOverload
    public func flatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async throws -> Result) -> Single<Result> {
        Single<Result>(raw: source.flatMap(work))
    }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: Sendable {
    /// Continues with the result of `work` on the element, if there is one, run in a task:
    /// completes empty if the `Maybe` does (as `Single.flatMap(_:)`'s async form).
    @_disfavoredOverload
    public func flatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async throws -> Result) -> Maybe<Result> {
        Maybe<Result>(raw: source.flatMap(work))
    }
}

extension SharedSequenceConvertibleType where Element: Sendable {
    /// Runs `work` on each element in a task of its own and merges the results as the tasks
    /// finish, sent on the strategy's scheduler (the main thread for `Driver` and `Signal`).
    ///
    /// As `Observable.flatMap(_:)`'s async form, with a closure that cannot throw.
    @_disfavoredOverload
    public func flatMap<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(MergeObservable(source: asObservable(), selector: { Self.delivered(AsyncWorkObservable($0, work)) }, mode: .merge(maxConcurrent: .max)))
    }

    /// Runs `work` on each element, cancelling the task of the element before: only the latest
    /// element's result is sent, on the strategy's scheduler.
    ///
    /// As `Observable.flatMapLatest(_:)`'s async form, with a closure that cannot throw: a
    /// cancelled task's result is never sent, even one already on its way to the scheduler.
    @_disfavoredOverload
    public func flatMapLatest<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(SwitchObservable(source: asObservable(), selector: { Self.delivered(AsyncWorkObservable($0, work)) }))
    }

    /// Runs `work` on an element only if no task runs (elements arriving meanwhile are
    /// dropped); the results are sent on the strategy's scheduler.
    ///
    /// As `Observable.flatMapFirst(_:)`'s async form, with a closure that cannot throw.
    @_disfavoredOverload
    public func flatMapFirst<Result: Sendable>(@_inheritActorContext(always) _ work: @escaping @Sendable @isolated(any) (Element) async -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(MergeObservable(source: asObservable(), selector: { Self.delivered(AsyncWorkObservable($0, work)) }, mode: .first))
    }

    /// A task's result, sent on the strategy's scheduler rather than from the task.
    static func delivered<Result>(_ work: Observable<Result>) -> Observable<Result> {
        work.observe(on: SharingStrategy.scheduler)
    }
}
