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

/// observerPumping: `n` `on(.next)` into a subject subscribed by another subject (an observer
/// rather than closures: `subscribe(_:)`, what `bind(to:)` does), which has one subscriber.
@inline(never) func observerPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let relay = PublishSubject<Int>()
    let last = relay.subscribe(onNext: { sum += $0 })
    let link = subject.subscribe(relay)
    for _ in 0..<n { subject.on(.next(1)) }
    link.dispose()
    last.dispose()
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

/// A `create` source that sends `n` ones (RxSwift's benchmark source).
@inline(__always) func ones(_ n: Int) -> Observable<Int> {
    Observable<Int>.create { observer in
        for _ in 0..<n { observer.on(.next(1)) }
        return Disposables.create()
    }
}

/// Five chained `flatMap { Observable.just($0) }`.
@inline(__always) func fiveFlatMaps(_ source: Observable<Int>) -> Observable<Int> {
    source
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
}

/// Five chained `flatMapLatest { Observable.just($0) }`.
@inline(__always) func fiveFlatMapLatests(_ source: Observable<Int>) -> Observable<Int> {
    source
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
}

/// Seven nested 4-way `combineLatest`, the source innermost.
@inline(__always) func sevenCombineLatests(_ source: Observable<Int>) -> Observable<Int> {
    var last = Observable.combineLatest(Observable.just(1), Observable.just(1), Observable.just(1), source) { x, _, _, _ in x }
    for _ in 0..<6 {
        last = Observable.combineLatest(Observable.just(1), Observable.just(1), Observable.just(1), last) { x, _, _, _ in x }
    }
    return last
}

/// Pumping: `n` events through `chain` over one subscription.
@inline(__always) func pumping(_ n: Int, _ chain: (Observable<Int>) -> Observable<Int>) -> Int {
    var sum = 0
    let subscription = chain(ones(n)).subscribe(onNext: { sum += $0 })
    subscription.dispose()
    return sum
}

/// Creating: `n` subscriptions of `chain`, one event each.
@inline(__always) func creating(_ n: Int, _ chain: (Observable<Int>) -> Observable<Int>) -> Int {
    var sum = 0
    for _ in 0..<n {
        let subscription = chain(ones(1)).subscribe(onNext: { sum += $0 })
        subscription.dispose()
    }
    return sum
}

@inline(never) func flatMapsPumping(_ n: Int) -> Int { pumping(n, fiveFlatMaps) }
@inline(never) func flatMapsCreating(_ n: Int) -> Int { creating(n, fiveFlatMaps) }
@inline(never) func flatMapLatestPumping(_ n: Int) -> Int { pumping(n, fiveFlatMapLatests) }
@inline(never) func flatMapLatestCreating(_ n: Int) -> Int { creating(n, fiveFlatMapLatests) }
@inline(never) func combineLatestPumping(_ n: Int) -> Int { pumping(n, sevenCombineLatests) }
@inline(never) func combineLatestCreating(_ n: Int) -> Int { creating(n, sevenCombineLatests) }

/// publishSubjectPumpingTwoSubscriptions: `n / 2` `on(.next)` into a subject with two subscribers.
@inline(never) func publishSubjectPumpingTwoSubscriptions(_ n: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let first = subject.subscribe(onNext: { sum += $0 })
    let second = subject.subscribe(onNext: { sum += $0 })
    for _ in 0..<n / 2 { subject.on(.next(1)) }
    first.dispose()
    second.dispose()
    return sum
}

/// Scaling: `n` events into a subject with `subscribers` subscribers (returns `n` when right).
@inline(never) func subjectFanOut(_ n: Int, subscribers: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscriptions = (0..<subscribers).map { _ in subject.subscribe(onNext: { sum += $0 }) }
    for _ in 0..<n { subject.on(.next(1)) }
    subscriptions.forEach { $0.dispose() }
    return sum / subscribers
}

/// Scaling: `n` events through a chain of `length` maps.
@inline(never) func mapChain(_ n: Int, length: Int) -> Int {
    var sum = 0
    var chain = Observable<Int>.create { observer in
        for _ in 0..<n { observer.on(.next(1)) }
        return Disposables.create()
    }
    for _ in 0..<length { chain = chain.map { $0 } }
    let subscription = chain.subscribe(onNext: { sum += $0 })
    subscription.dispose()
    return sum
}
