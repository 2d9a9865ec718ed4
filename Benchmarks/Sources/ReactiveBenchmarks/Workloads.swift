// RxSwift's benchmark workloads. Only `import Reactive` and RxSwift-compatible API, so this file
// compiles unchanged against RxSwift for a side-by-side run. Each returns a checksum.
import Reactive

/// publishSubjectPumping: `n` `on(.next)` into a subject with one subscriber.
@inline(never) func publishSubjectPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { sum += $0 })
    for _ in 0..<n { subject.on(.next(1)) }
    subscription.dispose()
    return sum
}

/// publishSubjectCreating: `n` cycles of create, subscribe, send one, dispose.
@inline(never) func publishSubjectCreating(_ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { sum += $0 })
        subject.on(.next(1))
        subscription.dispose()
    }
    return sum
}

/// RxSwift's map/filter chain: six `map { $0 }.filter { _ in true }` pairs.
@inline(__always) func sixMapFilterPairs(_ source: Observable<Int>) -> Observable<Int> {
    source
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
}

/// mapFilterPumping: `n` events from `create` through six map/filter pairs (RxSwift's form).
@inline(never) func mapFilterPumping(_ n: Int) -> Int {
    var sum = 0
    let source = Observable<Int>.create { observer in
        for _ in 0..<n { observer.on(.next(1)) }
        return Disposables.create()
    }
    let subscription = sixMapFilterPairs(source).subscribe(onNext: { sum += $0 })
    subscription.dispose()
    return sum
}

/// mapFilterCreating: `n` subscriptions of the six map/filter pairs over `create`, one event each.
@inline(never) func mapFilterCreating(_ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n {
        let source = Observable<Int>.create { observer in
            observer.on(.next(1))
            return Disposables.create()
        }
        let subscription = sixMapFilterPairs(source).subscribe(onNext: { sum += $0 })
        subscription.dispose()
    }
    return sum
}
