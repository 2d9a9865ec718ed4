// The flattening operators with an async closure (not RxSwift's API: it has none). Each element
// of a subject runs `returnsAtOnce` in a task of its own; the source outruns the tasks, as
// keystrokes outrun searches. Each returns `n` when right.
import Dispatch
import Reactive
import Synchronization

/// The work of every async-closure workload, its floor and its peer: returns its input at once.
@Sendable @inline(never) func returnsAtOnce(_ value: Int) async -> Int { value }

/// `n` elements (1 through `n`) into `chain` over a subject, then completion; waits for the
/// chain to complete, and returns the last result.
@inline(__always) func asyncClosurePumping(_ n: Int, _ chain: (Observable<Int>) -> Observable<Int>) -> Int {
    let subject = PublishSubject<Int>()
    let last = Mutex(0)
    let completed = DispatchSemaphore(value: 0)
    let subscription = chain(subject.asObservable()).subscribe(onNext: { value in last.withLock { $0 = value } }, onCompleted: { completed.signal() })
    for value in 1...n { subject.onNext(value) }
    subject.onCompleted()
    completed.wait()
    subscription.dispose()
    return last.withLock { $0 }
}

/// flatMapLatestAsyncClosure: each element cancels the previous element's task; the last
/// element's result is sent.
@inline(never) func flatMapLatestAsyncClosure(_ n: Int) -> Int {
    asyncClosurePumping(n) { $0.flatMapLatest(returnsAtOnce) }
}

/// concatMapAsyncClosure: one task at a time, in order; every result is sent.
@inline(never) func concatMapAsyncClosure(_ n: Int) -> Int {
    asyncClosurePumping(n) { $0.concatMap(returnsAtOnce) }
}
