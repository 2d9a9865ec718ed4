// Traits: a `Single` made by `create` that succeeds inside `subscribe` (a cached or stubbed
// request), subscribed with `subscribe(onSuccess:)`, bare and behind a `map`, and the same with
// an `Observable` and `subscribe(onNext:)`, for comparison; elements through an `Infallible`,
// through what a `Driver` is made of, bound to a relay, and through `take(until:)` (what ties a
// subscription to a screen's life). Only `import Reactive` and API of RxSwift and RxRelay, so
// this file compiles unchanged against them (with `import RxSwift` and `import RxRelay`) for a
// side-by-side run. Each returns a checksum.
import Reactive

@inline(never) func singleCreating(_ n: Int) -> Int {
    var sum = 0
    let single = Single<Int>.create { single in
        single(.success(1))
        return Disposables.create()
    }
    for _ in 0..<n {
        _ = single.subscribe(onSuccess: { sum += $0 })
    }
    return sum
}

@inline(never) func singleMapCreating(_ n: Int) -> Int {
    var sum = 0
    let single = Single<Int>.create { single in
        single(.success(1))
        return Disposables.create()
    }
    for _ in 0..<n {
        _ = single.map { $0 }.subscribe(onSuccess: { sum += $0 })
    }
    return sum
}

@inline(never) func observableCreateCompleting(_ n: Int) -> Int {
    var sum = 0
    let source = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
    }
    for _ in 0..<n {
        _ = source.subscribe(onNext: { sum += $0 })
    }
    return sum
}

/// An element through `asInfallible(onErrorJustReturn:)` (a `catch`, as `asDriver` and
/// `asSignal` have) and six `map`s.
@inline(never) func infallibleMapPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = subject.asInfallible(onErrorJustReturn: 0)
        .map { $0 }.map { $0 }.map { $0 }.map { $0 }.map { $0 }.map { $0 }
        .subscribe(onNext: { sum += $0 })
    for _ in 0..<n { subject.onNext(1) }
    subscription.dispose()
    return sum
}

/// `driverMapPumping` spelled with `Observable` operators, as RxCocoa builds a `Driver` (each
/// operator's result shared with `share(replay: 1, scope: .whileConnected)`): the same file
/// compiles against RxSwift, whose RxCocoa does not build on Linux, for the `Driver` row's
/// RxSwift figure.
@inline(never) func driverCompositionPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: MainScheduler.instance).catchAndReturn(0).share(replay: 1, scope: .whileConnected)
        .map { $0 }.share(replay: 1, scope: .whileConnected).map { $0 }.share(replay: 1, scope: .whileConnected)
        .map { $0 }.share(replay: 1, scope: .whileConnected).map { $0 }.share(replay: 1, scope: .whileConnected)
        .map { $0 }.share(replay: 1, scope: .whileConnected).map { $0 }.share(replay: 1, scope: .whileConnected)
        .subscribe(onNext: { sum += $0 })
    for _ in 0..<n { subject.onNext(1) }
    subscription.dispose()
    return sum
}

/// An element bound from a subject to a `BehaviorRelay` (`bind(to:)`), which one subscriber
/// observes.
@inline(never) func relayBindingPumping(_ n: Int) -> Int {
    let subject = PublishSubject<Int>()
    let relay = BehaviorRelay<Int>(value: 0)
    var sum = 0
    let counting = relay.subscribe(onNext: { sum += $0 })
    let binding = subject.bind(to: relay)
    for _ in 0..<n { subject.onNext(1) }
    binding.dispose()
    counting.dispose()
    return sum
}

/// An element from a subject through `take(until:)` (its other source a subject that never
/// sends) to `subscribe(onNext:)`.
@inline(never) func takeUntilPumping(_ n: Int) -> Int {
    let subject = PublishSubject<Int>()
    let stop = PublishSubject<Void>()
    var sum = 0
    let subscription = subject.take(until: stop).subscribe(onNext: { sum += $0 })
    for _ in 0..<n { subject.onNext(1) }
    subscription.dispose()
    return sum
}

/// An element from a subject through six of the one-source operators apps use most (`scan`,
/// `distinctUntilChanged`, `startWith`, `skip`, `do`, `compactMap`) to `subscribe(onNext:)`, which counts it.
@inline(never) func oneSourceOperatorsPumping(_ n: Int) -> Int {
    let subject = PublishSubject<Int>()
    var sum = 0
    let subscription = subject
        .scan(0, accumulator: +)
        .distinctUntilChanged()
        .startWith(0)
        .skip(1)
        .do(onNext: { _ in })
        .compactMap { $0 }
        .subscribe(onNext: { _ in sum += 1 })
    for _ in 0..<n { subject.onNext(1) }
    subscription.dispose()
    return sum
}
