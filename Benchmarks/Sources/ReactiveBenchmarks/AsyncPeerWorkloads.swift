// The same workloads written with Swift concurrency (the second peer): an `AsyncStream` fed by
// its continuation, as a subject is fed, the standard library's `AsyncSequence` operators and
// swift-async-algorithms 1.1.4's, consumed by one task. Where neither has the operator (a 4-way
// `combineLatest`, `switchToLatest`) or the workload has no async form, the column is empty.
import AsyncAlgorithms
import Dispatch
import Synchronization

/// Runs `body` in a new task and waits for its result: the workloads are synchronous calls.
func waitForTask(_ body: @escaping @Sendable () async -> Int) -> Int {
    let result = Mutex(0)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0 }
}

/// Pumping: `n` ones yielded into an `AsyncStream` (unbounded buffer) from this thread while a
/// task iterates `chain` over it, as a subject's subscriber would.
@inline(__always) func asyncPumping<Chain: AsyncSequence & Sendable>(_ n: Int, _ chain: @escaping @Sendable (AsyncStream<Int>) -> Chain) -> Int where Chain.Element == Int {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task.detached {
        var sum = 0
        do {
            for try await value in chain(stream) { sum += value }
        } catch {
            return -1
        }
        return sum
    }
    for _ in 0..<n { continuation.yield(1) }
    continuation.finish()
    return waitForTask { await consumer.value }
}

/// Creating: `n` iterations of `chain` over a new one-element `AsyncStream`, each to its end.
@inline(__always) func asyncCreating<Chain: AsyncSequence & Sendable>(_ n: Int, _ chain: @escaping @Sendable (AsyncStream<Int>) -> Chain) -> Int where Chain.Element == Int {
    waitForTask {
        var sum = 0
        for _ in 0..<n {
            let stream = AsyncStream<Int> { continuation in
                continuation.yield(1)
                continuation.finish()
            }
            do {
                for try await value in chain(stream) { sum += value }
            } catch {
                return -1
            }
        }
        return sum
    }
}

@inline(__always) func asyncSixMapFilterPairs<Base: AsyncSequence & Sendable>(_ source: Base) -> some AsyncSequence<Int, Never> & Sendable where Base.Element == Int, Base.Failure == Never {
    source
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
}

/// Five nested `flatMap`s, each to a one-element sequence (`[value].async`, the async form of
/// `just`).
@inline(__always) func asyncFiveFlatMaps<Base: AsyncSequence & Sendable>(_ source: Base) -> some AsyncSequence<Int, Never> & Sendable where Base.Element == Int, Base.Failure == Never {
    source
        .flatMap { [$0].async }
        .flatMap { [$0].async }
        .flatMap { [$0].async }
        .flatMap { [$0].async }
        .flatMap { [$0].async }
}

@inline(never) func asyncPublishSubjectPumping(_ n: Int) -> Int { asyncPumping(n) { $0 } }
@inline(never) func asyncPublishSubjectCreating(_ n: Int) -> Int { asyncCreating(n) { $0 } }
@inline(never) func asyncMapFilterPumping(_ n: Int) -> Int { asyncPumping(n) { asyncSixMapFilterPairs($0) } }
@inline(never) func asyncMapFilterCreating(_ n: Int) -> Int { asyncCreating(n) { asyncSixMapFilterPairs($0) } }
@inline(never) func asyncFlatMapsPumping(_ n: Int) -> Int { asyncPumping(n) { asyncFiveFlatMaps($0) } }
@inline(never) func asyncFlatMapsCreating(_ n: Int) -> Int { asyncCreating(n) { asyncFiveFlatMaps($0) } }

/// The async-closure workloads with Swift concurrency: `n` elements yielded into an
/// `AsyncStream`, flattened by swift-async-algorithms' `flatMapLatest` (each inner sequence awaits
/// the work for its element), or mapped by the standard library's `map` with an async closure
/// (one element at a time, in order: `concatMap`'s semantics); the last result.
@inline(__always) func asyncClosurePeer<Chain: AsyncSequence & Sendable>(_ n: Int, _ chain: @escaping @Sendable (AsyncStream<Int>) -> Chain) -> Int where Chain.Element == Int {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task.detached {
        var last = 0
        do {
            for try await value in chain(stream) { last = value }
        } catch {
            return -1
        }
        return last
    }
    for value in 1...n { continuation.yield(value) }
    continuation.finish()
    return waitForTask { await consumer.value }
}

@inline(never) func asyncFlatMapLatestAsyncClosure(_ n: Int) -> Int {
    asyncClosurePeer(n) { $0.flatMapLatest { value in [value].async.map(returnsAtOnce) } }
}

@inline(never) func asyncConcatMapAsyncClosure(_ n: Int) -> Int {
    asyncClosurePeer(n) { $0.map(returnsAtOnce) }
}
