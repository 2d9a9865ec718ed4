// The same workloads written for OpenCombine (the peer), where it has the operators.
import OpenCombine

@inline(never) func combinePublishSubjectPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { sum += $0 }
    for _ in 0..<n { subject.send(1) }
    cancellable.cancel()
    return sum
}

@inline(never) func combinePublishSubjectPumpingTwoSubscriptions(_ n: Int) -> Int {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.sink { sum += $0 }
    let second = subject.sink { sum += $0 }
    for _ in 0..<n / 2 { subject.send(1) }
    first.cancel()
    second.cancel()
    return sum
}

@inline(never) func combinePublishSubjectCreating(_ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n {
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.sink { sum += $0 }
        subject.send(1)
        cancellable.cancel()
    }
    return sum
}

@inline(__always) func combineSixMapFilterPairs<Upstream: Publisher>(_ source: Upstream) -> some Publisher<Int, Never> where Upstream.Output == Int, Upstream.Failure == Never {
    source
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
}



@inline(__always) func combineFiveFlatMaps<Upstream: Publisher>(_ source: Upstream) -> some Publisher<Int, Never> where Upstream.Output == Int, Upstream.Failure == Never {
    source
        .flatMap { Just($0) }
        .flatMap { Just($0) }
        .flatMap { Just($0) }
        .flatMap { Just($0) }
        .flatMap { Just($0) }
}



@inline(__always) func combineFiveSwitchToLatest<Upstream: Publisher>(_ source: Upstream) -> some Publisher<Int, Never> where Upstream.Output == Int, Upstream.Failure == Never {
    source
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
}

/// Pumping: `n` events from a subject through `chain` over one subscription.
@inline(__always) func combinePumping<Chain: Publisher>(_ n: Int, _ chain: (PassthroughSubject<Int, Never>) -> Chain) -> Int where Chain.Output == Int, Chain.Failure == Never {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = chain(subject).sink { sum += $0 }
    for _ in 0..<n { subject.send(1) }
    cancellable.cancel()
    return sum
}

/// Creating: `n` subscriptions of `chain` over `Just(1)`.
@inline(__always) func combineCreating<Chain: Publisher>(_ n: Int, _ chain: (Just<Int>) -> Chain) -> Int where Chain.Output == Int, Chain.Failure == Never {
    var sum = 0
    for _ in 0..<n {
        let cancellable = chain(Just(1)).sink { sum += $0 }
        cancellable.cancel()
    }
    return sum
}

@inline(never) func combineMapFilterPumping(_ n: Int) -> Int { combinePumping(n) { combineSixMapFilterPairs($0) } }
@inline(never) func combineMapFilterCreating(_ n: Int) -> Int { combineCreating(n) { combineSixMapFilterPairs($0) } }
@inline(never) func combineFlatMapsPumping(_ n: Int) -> Int { combinePumping(n) { combineFiveFlatMaps($0) } }
@inline(never) func combineFlatMapsCreating(_ n: Int) -> Int { combineCreating(n) { combineFiveFlatMaps($0) } }
@inline(never) func combineFlatMapLatestPumping(_ n: Int) -> Int { combinePumping(n) { combineFiveSwitchToLatest($0) } }
@inline(never) func combineFlatMapLatestCreating(_ n: Int) -> Int { combineCreating(n) { combineFiveSwitchToLatest($0) } }
