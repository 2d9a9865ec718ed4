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

@inline(never) func combineMapFilterPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = combineSixMapFilterPairs(subject).sink { sum += $0 }
    for _ in 0..<n { subject.send(1) }
    cancellable.cancel()
    return sum
}

@inline(never) func combineMapFilterCreating(_ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n {
        let cancellable = combineSixMapFilterPairs(Just(1)).sink { sum += $0 }
        cancellable.cancel()
    }
    return sum
}

@inline(__always) func combineFiveFlatMaps<Upstream: Publisher>(_ source: Upstream) -> some Publisher<Int, Never> where Upstream.Output == Int, Upstream.Failure == Never {
    source
        .flatMap { Just($0) }
        .flatMap { Just($0) }
        .flatMap { Just($0) }
        .flatMap { Just($0) }
        .flatMap { Just($0) }
}

@inline(never) func combineFlatMapsPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = combineFiveFlatMaps(subject).sink { sum += $0 }
    for _ in 0..<n { subject.send(1) }
    cancellable.cancel()
    return sum
}

@inline(never) func combineFlatMapsCreating(_ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n {
        let cancellable = combineFiveFlatMaps(Just(1)).sink { sum += $0 }
        cancellable.cancel()
    }
    return sum
}

@inline(__always) func combineFiveSwitchToLatest<Upstream: Publisher>(_ source: Upstream) -> some Publisher<Int, Never> where Upstream.Output == Int, Upstream.Failure == Never {
    source
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
        .map { Just($0) }.switchToLatest()
}

@inline(never) func combineFlatMapLatestPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = combineFiveSwitchToLatest(subject).sink { sum += $0 }
    for _ in 0..<n { subject.send(1) }
    cancellable.cancel()
    return sum
}

@inline(never) func combineFlatMapLatestCreating(_ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n {
        let cancellable = combineFiveSwitchToLatest(Just(1)).sink { sum += $0 }
        cancellable.cancel()
    }
    return sum
}
