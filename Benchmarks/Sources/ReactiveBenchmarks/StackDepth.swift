// REACTIVE_BENCH_STACK=1: the stack a chain of one operator costs per link, for an element and
// for a terminal event passing through it, against RxSwift's, and the deep chains run at full
// length, each in a process of its own (an overflow kills only that one). Exits non-zero if a
// link costs more than RxSwift's or a deep chain does not complete. CI runs it.
//
// Per link: the stack in use where the element (or the completion) reaches the subscriber, for
// chains of 1,000 and 2,000 links, the difference divided by 1,000 (what does not grow with
// the chain cancels out). Release builds, unspecialised as an app calls the library.
import Foundation
import Reactive

/// RxSwift 6.10's bytes a link (element, terminal event), measured here the same way: its
/// package built in release beside this one, the same chains over a `PublishSubject<Int>`
/// (the program that measured both is described in the README's "Stack per link"). Nil where
/// the chain sends no element, or no completion, through.
let rxSwiftStackPerLink: [(name: String, element: Int?, terminal: Int?, link: @Sendable (Observable<Int>) -> Observable<Int>)] = [
    ("map", 288, 288, { $0.map { $0 } }),
    ("filter", 272, 272, { $0.filter { _ in true } }),
    ("compactMap", 352, 352, { $0.compactMap { $0 } }),
    ("scan", 288, 288, { $0.scan(0) { $1 } }),
    ("distinctUntilChanged", 464, 464, { $0.distinctUntilChanged() }),
    ("do", 208, 208, { $0.do(onNext: { _ in }) }),
    ("take", 240, 240, { $0.take(1_000_000) }),
    ("skip", 240, 240, { $0.skip(0) }),
    ("take(while:)", 272, 272, { $0.take(while: { _ in true }) }),
    ("skip(while:)", 256, 256, { $0.skip(while: { _ in false }) }),
    ("share()", 272, 272, { $0.share() }),
    ("share(replay: 1)", 272, 272, { $0.share(replay: 1) }),
    ("share(replay: 1, .forever)", 816, 816, { $0.share(replay: 1, scope: .forever) }),
    ("publish().refCount()", 752, 752, { $0.publish().refCount() }),
    ("flatMap", 832, 400, { $0.flatMap { Observable.just($0) } }),
    ("flatMapLatest", 720, 352, { $0.flatMapLatest { Observable.just($0) } }),
    ("flatMapFirst", 832, 400, { $0.flatMapFirst { Observable.just($0) } }),
    ("concatMap", 1_008, 544, { $0.concatMap { Observable.just($0) } }),
    ("merge", 288, nil, { Observable.merge($0, Observable.never()) }),
    ("combineLatest", 464, 416, { Observable.combineLatest($0, Observable.just(1)) { value, _ in value } }),
    ("zip", 464, 448, { Observable.zip($0, Observable.just(1)) { value, _ in value } }),
    ("withLatestFrom", 480, 480, { $0.withLatestFrom(Observable.just(1)) { value, _ in value } }),
    ("catch", 288, 288, { $0.catch { _ in Observable.empty() } }),
    ("retry()", 0, 0, { $0.retry() }),
    ("startWith()", 0, 0, { $0.startWith() }),
    ("enumerated", 608, 608, { $0.enumerated().map { $0.element } }),
    ("materialize/dematerialize", 448, 448, { $0.materialize().dematerialize() }),
    ("take(until:)", 240, 240, { $0.take(until: Observable<Int>.never()) }),
    ("skip(until:)", 240, 240, { $0.skip(until: Observable.just(1)) }),
    ("ifEmpty", 192, 192, { $0.ifEmpty(default: 0) }),
    ("subscribe(on:)", 144, 144, { $0.subscribe(on: CurrentThreadScheduler.instance) }),
    ("switchLatest", 1_008, 640, { $0.map { Observable.just($0) }.switchLatest() }),
    ("amb", 592, 592, { $0.amb(Observable.never()) }),
    ("groupBy", 1_184, 768, { $0.groupBy { _ in 0 }.flatMap { $0 } }),
    ("window", 1_024, 768, { $0.window(timeSpan: .seconds(1_000), count: 1_000_000, scheduler: MainScheduler.instance).flatMap { $0 } }),
    ("timeout", 176, 176, { $0.timeout(.seconds(1_000), scheduler: MainScheduler.instance) }),
    ("throttle", 720, 544, { $0.throttle(.seconds(1_000), latest: false, scheduler: MainScheduler.instance) }),
    ("withUnretained", 928, 928, { $0.withUnretained(stackProbeOwner).map { $0.1 } }),
    ("element(at:)", 208, nil, { $0.element(at: 0) }),
    ("deferred", 160, 160, { source in Observable.deferred { source } }),
    ("using", 224, 224, { source in Observable.using({ BooleanDisposable() }, observableFactory: { _ in source }) }),
    ("takeLast", nil, 416, { $0.takeLast(1) }),
    ("reduce", nil, 432, { $0.reduce(0) { $1 } }),
    ("first", nil, 528, { $0.first().asObservable().map { $0 ?? 0 } }),
]

private final class StackProbeOwner: Sendable {}
private let stackProbeOwner = StackProbeOwner()

/// The address of a local of this call's frame: differences between two are stack used.
@inline(never) private func stackAddress() -> Int {
    var local = 0
    return withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
}

/// Stack used between sending into a chain of `length` links and the subscriber's element (or,
/// `terminal`, its completion); nil if nothing arrived.
private func stackUsed(_ length: Int, terminal: Bool, _ link: (Observable<Int>) -> Observable<Int>) -> Int? {
    let subject = PublishSubject<Int>()
    var chain = subject.asObservable()
    for _ in 0..<length { chain = link(chain) }
    var top = 0
    var used: Int?
    let subscription = chain.subscribe(onNext: { _ in
        if !terminal, used == nil { used = top - stackAddress() }
    }, onCompleted: {
        if terminal { used = top - stackAddress() }
    })
    top = stackAddress()
    if terminal {
        subject.onCompleted()
    } else {
        subject.onNext(1)
    }
    subscription.dispose()
    return used
}

private func perLink(terminal: Bool, _ link: (Observable<Int>) -> Observable<Int>) -> Int? {
    guard let short = stackUsed(1_000, terminal: terminal, link), let long = stackUsed(2_000, terminal: terminal, link) else { return nil }
    return (long - short) / 1_000
}

/// The chains run at full length, in a process each: what the issue asked to complete.
private let deepChains: [(name: String, run: @Sendable () -> Bool)] = [
    ("10,000 share()", { deliversThroughChain(10_000) { $0.share() } }),
    ("10,000 share(replay: 1)", { deliversThroughChain(10_000) { $0.share(replay: 1) } }),
    ("100,000 andThen", {
        var chain = Completable.empty()
        for _ in 1..<100_000 { chain = chain.andThen(Completable.empty()) }
        return waitsForElement(chain.andThen(Observable.just(1)))
    }),
    ("100,000 andThen of completables ending later", {
        var chain = completingLater()
        for _ in 1..<100_000 { chain = chain.andThen(completingLater()) }
        return waitsForElement(chain.andThen(Observable.just(1)))
    }),
    ("1,000,000 catch of requests failing later", { waitsForElement(attempt(1_000_000)) }),
    ("1,000,000 retry of a request failing later", {
        var failures = 0
        let source = Observable<Int>.create { observer in
            failures += 1
            let fails = failures <= 1_000_000
            let sender = UncheckedObserver(observer: observer)
            stackProbeQueue.async { if fails { sender.observer.onError(StackProbeError.failed) } else { sender.observer.onNext(1) } }
            return Disposables.create()
        }
        return waitsForElement(source.retry())
    }),
]

private enum StackProbeError: Error { case failed }
private let stackProbeQueue = DispatchQueue(label: "stack probe")
private struct UncheckedObserver: @unchecked Sendable { let observer: AnyObserver<Int> }

private func completingLater() -> Completable {
    Completable.create { completable in
        stackProbeQueue.async { completable(.completed) }
        return Disposables.create()
    }
}

/// `attempt(n) = request.catch { _ in attempt(n - 1) }`, each request failing later.
private func attempt(_ remaining: Int) -> Observable<Int> {
    guard remaining > 0 else { return Observable.just(1) }
    let request = Observable<Int>.create { observer in
        let sender = UncheckedObserver(observer: observer)
        stackProbeQueue.async { sender.observer.onError(StackProbeError.failed) }
        return Disposables.create()
    }
    return request.catch { _ in attempt(remaining - 1) }
}

private func deliversThroughChain(_ length: Int, _ link: (Observable<Int>) -> Observable<Int>) -> Bool {
    stackUsed(length, terminal: false, link) != nil
}

private func waitsForElement(_ observable: Observable<Int>) -> Bool {
    let arrived = DispatchSemaphore(value: 0)
    let subscription = observable.subscribe(onNext: { _ in arrived.signal() })
    defer { subscription.dispose() }
    return arrived.wait(timeout: .now() + 120) == .success
}

func runStackDepth() -> Never {
    if let deep = ProcessInfo.processInfo.environment["REACTIVE_BENCH_DEEP"], let chain = deepChains.first(where: { $0.name == deep }) {
        exit(chain.run() ? 0 : 2)
    }
    var failed = false
    print("Stack per link, bytes (chains of 1,000 and 2,000 links; RxSwift 6.10's in brackets)")
    print(pad("operator", 30) + pad("element", 16) + "terminal")
    for (name, element, terminal, link) in rxSwiftStackPerLink {
        func cell(_ ours: Int?, _ theirs: Int?) -> String {
            guard let theirs else { return "—" }
            guard let ours else {
                failed = true
                return "none arrived (\(theirs))"
            }
            if ours > theirs { failed = true }
            return "\(ours) (\(theirs))\(ours > theirs ? " WORSE" : "")"
        }
        print(pad(name, 30) + pad(cell(element == nil ? nil : perLink(terminal: false, link), element), 16) + cell(terminal == nil ? nil : perLink(terminal: true, link), terminal))
    }
    print("\nDeep chains, each in a process of its own")
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    for (name, _) in deepChains {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.environment = ProcessInfo.processInfo.environment.merging(["REACTIVE_BENCH_DEEP": name]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            print("  \(name): cannot start: \(error)")
            failed = true
            continue
        }
        let completed = process.terminationReason == .exit && process.terminationStatus == 0
        if !completed { failed = true }
        print("  \(name): " + (completed ? "completes" : "FAILED (status \(process.terminationStatus), \(process.terminationReason == .uncaughtSignal ? "signal" : "exit"))"))
    }
    exit(failed ? 1 : 0)
}
