// Runs every workload, its baseline and its peer in one process and prints one table per group.
// REACTIVE_BENCH_QUICK=1 runs each once with small counts (CI: it compiles and sums are right).
// REACTIVE_BENCH_ONLY=name runs only the workloads whose name contains `name` (for profiling);
// REACTIVE_BENCH_NO_PEER=1 leaves out the peer and the baselines (a profile of this library only).
// REACTIVE_BENCH_PROCESSES=N times each workload in N fresh processes (see ProcessSamples.swift).
import Dispatch
import Foundation
import MallocCounter

let quick = ProcessInfo.processInfo.environment["REACTIVE_BENCH_QUICK"] != nil
let only = ProcessInfo.processInfo.environment["REACTIVE_BENCH_ONLY"].flatMap { $0.isEmpty ? nil : $0 }
let noPeer = ProcessInfo.processInfo.environment["REACTIVE_BENCH_NO_PEER"] != nil
// REACTIVE_BENCH_STACK=1 prints the stack a chain costs per link against RxSwift's and runs the
// deep chains (see StackDepth.swift).
// REACTIVE_BENCH_INSTRUCTIONS=1 prints instructions per operation (see InstructionCounts.swift);
// it runs this program under callgrind with REACTIVE_BENCH_LIST (print each workload's name and
// operation count, run nothing) and REACTIVE_BENCH_EXACT (run only the workload of that name).
let listing = ProcessInfo.processInfo.environment["REACTIVE_BENCH_LIST"] != nil
// REACTIVE_BENCH_WARMUP_MS=N runs each workload untimed for N milliseconds before timing it: a
// chain can start in a slow state of the processor and leave it after a random while (see the
// README's "Start-up and steady state").
let warmupNanos = (ProcessInfo.processInfo.environment["REACTIVE_BENCH_WARMUP_MS"].flatMap { UInt64($0) } ?? 0) * 1_000_000
let exact = ProcessInfo.processInfo.environment["REACTIVE_BENCH_EXACT"]

struct Measurement {
    var nanosPerOp: Double
    var allocationsPerOp: Double
}

/// Best of `repetitions` runs of `body(ops)`, which must return `ops` (its checksum).
/// A peer's run is named by its prefix and the workload's name (`peer:name` for OpenCombine,
/// `async:name` for Swift concurrency's), for REACTIVE_BENCH_EXACT and the list.
func measure(_ name: String, ops: Int, repetitions: Int, peerPrefix: String? = nil, _ body: (Int) -> Int) -> Measurement? {
    let key = (peerPrefix ?? "") + name
    if let exact, key != exact { return nil }
    if exact == nil, let only, !name.contains(only) { return nil }
    if noPeer && peerPrefix != nil { return nil }
    if listing {
        print("LIST \(key) \(ops)")
        return nil
    }
    func check(_ sum: Int) {
        guard sum == ops else { fatalError("\(name): checksum \(sum), expected \(ops)") }
    }
    let warmupStart = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - warmupStart < warmupNanos { check(body(ops)) }
    var best = Double.infinity
    var allocations = 0.0
    for _ in 0..<repetitions {
        let allocsBefore = malloc_counter_total()
        let start = DispatchTime.now().uptimeNanoseconds
        let sum = body(ops)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        let allocs = Double(malloc_counter_total() - allocsBefore)
        check(sum)
        if elapsed < best {
            best = elapsed
            allocations = allocs
        }
    }
    return Measurement(nanosPerOp: best / Double(ops), allocationsPerOp: allocations / Double(ops))
}

struct Row {
    let name: String
    let unit: String
    let measured: Measurement?
    let baseline: Measurement?
    let peer: Measurement?
    let asyncPeer: Measurement?
    let target: String
}

/// REACTIVE_BENCH_SCALE=N: counts N times the quick mode's, one repetition each (for instruction
/// counts: run a workload at two scales under callgrind and divide the difference).
let scaleOverride = ProcessInfo.processInfo.environment["REACTIVE_BENCH_SCALE"].flatMap { Int($0) }
let scale = scaleOverride ?? (quick ? 1 : 10)
let reps = quick || scaleOverride != nil ? 1 : 7
let events = 100_000 * scale
let subscriptions = 1_000 * scale

func row(_ name: String, _ unit: String, ops: Int, _ body: (Int) -> Int, baseline: Measurement? = nil, peer: ((Int) -> Int)? = nil, asyncPeer: ((Int) -> Int)? = nil, target: String = "") -> Row {
    let measured = measure(name, ops: ops, repetitions: reps, body)
    // Measured whenever the filters let them (`measure` applies them): also when the workload
    // itself is not (REACTIVE_BENCH_EXACT=peer:name, and the list).
    let peerMeasurement = peer.flatMap { measure(name, ops: ops, repetitions: reps, peerPrefix: "peer:", $0) }
    let asyncMeasurement = asyncPeer.flatMap { measure(name, ops: ops, repetitions: reps, peerPrefix: "async:", $0) }
    return Row(name: name, unit: unit, measured: measured, baseline: measured == nil ? nil : baseline, peer: peerMeasurement, asyncPeer: asyncMeasurement, target: target)
}

func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count) }
func number(_ value: Double?) -> String { value.map { $0 >= 100 ? String(format: "%.0f", $0) : String(format: "%.1f", $0) } ?? "—" }
func ratio(_ value: Measurement?, _ reference: Measurement?) -> String {
    guard let value, let reference else { return "—" }
    return String(format: "%.2fx", value.nanosPerOp / reference.nanosPerOp)
}

func printTable(_ title: String, _ rows: [Row]) {
    let shown = rows.filter { $0.measured != nil }
    if shown.isEmpty { return }
    print("\n## \(title)")
    print(pad("workload", 40) + pad("unit", 13) + pad("ns/op", 9) + pad("allocs", 8) + pad("baseline", 10) + pad("÷base", 8) + pad("peer ns", 9) + pad("÷peer", 8) + pad("peer allocs", 12) + pad("async ns", 10) + pad("÷async", 8) + pad("async allocs", 13) + "target")
    for row in shown {
        print(pad(row.name, 40) + pad(row.unit, 13) + pad(number(row.measured?.nanosPerOp), 9) + pad(String(format: "%.2f", row.measured?.allocationsPerOp ?? 0), 8)
            + pad(number(row.baseline?.nanosPerOp), 10) + pad(ratio(row.measured, row.baseline), 8) + pad(number(row.peer?.nanosPerOp), 9) + pad(ratio(row.measured, row.peer), 8)
            + pad(row.peer.map { String(format: "%.2f", $0.allocationsPerOp) } ?? "—", 12)
            + pad(number(row.asyncPeer?.nanosPerOp), 10) + pad(ratio(row.measured, row.asyncPeer), 8)
            + pad(row.asyncPeer.map { String(format: "%.2f", $0.allocationsPerOp) } ?? "—", 13) + row.target)
    }
}

if ProcessInfo.processInfo.environment["REACTIVE_BENCH_INSTRUCTIONS"] != nil { runInstructionCounts() }
if ProcessInfo.processInfo.environment["REACTIVE_BENCH_STACK"] != nil || ProcessInfo.processInfo.environment["REACTIVE_BENCH_DEEP"] != nil { runStackDepth() }
if let processes = ProcessInfo.processInfo.environment["REACTIVE_BENCH_PROCESSES"].flatMap({ Int($0) }), processes > 0 {
    runProcessSamples(processes)
}

print(quick ? "Quick mode (counts are checked; timings are not meaningful)" : "Reactive benchmarks (release, best of \(reps)); peer: OpenCombine 0.14.0, Swift Observation; async: AsyncStream with swift-async-algorithms 1.1.4")

let subjectBaseline = measure("baselineSubject", ops: events, repetitions: reps, baselineSubjectPumping)
let chainBaseline = measure("baselineClosureChain", ops: events / 10, repetitions: reps, baselineClosureChainPumping)
let flatMapsBaseline = measure("baselineFlatMaps", ops: events / 10, repetitions: reps, baselineFlatMapsPumping)
let combineLatestBaseline = measure("baselineCombineLatest", ops: events / 10, repetitions: reps, baselineCombineLatestPumping)
printTable("Core (RxSwift's workloads)", [
    row("publishSubjectPumping", "event", ops: events, publishSubjectPumping, baseline: subjectBaseline, peer: combinePublishSubjectPumping, asyncPeer: asyncPublishSubjectPumping, target: "≤2x baseline, 0 alloc"),
    row("publishSubjectPumpingTwoSubscriptions", "event", ops: events, publishSubjectPumpingTwoSubscriptions, peer: combinePublishSubjectPumpingTwoSubscriptions),
    row("observerPumping", "event", ops: events, observerPumping),
    row("publishSubjectCreating", "cycle", ops: events / 10, publishSubjectCreating, peer: combinePublishSubjectCreating, asyncPeer: asyncPublishSubjectCreating, target: "≤4 alloc"),
    row("mapFilterPumping", "event", ops: events / 10, mapFilterPumping, baseline: chainBaseline, peer: combineMapFilterPumping, asyncPeer: asyncMapFilterPumping, target: "≤3x baseline, 0 alloc"),
    row("mapFilterCreating", "subscription", ops: subscriptions, mapFilterCreating, peer: combineMapFilterCreating, asyncPeer: asyncMapFilterCreating, target: "≤30 alloc"),
])
printTable("Operators (RxSwift's workloads)", [
    row("flatMapsPumping", "event", ops: events / 10, flatMapsPumping, baseline: flatMapsBaseline, peer: combineFlatMapsPumping, asyncPeer: asyncFlatMapsPumping, target: "≤880 ns, ≤10 alloc"),
    row("flatMapsCreating", "subscription", ops: subscriptions, flatMapsCreating, peer: combineFlatMapsCreating, asyncPeer: asyncFlatMapsCreating, target: "≤2540 ns"),
    row("flatMapLatestPumping", "event", ops: events / 10, flatMapLatestPumping, baseline: flatMapsBaseline, peer: combineFlatMapLatestPumping, target: "≤880 ns"),
    row("flatMapLatestCreating", "subscription", ops: subscriptions, flatMapLatestCreating, peer: combineFlatMapLatestCreating),
    row("combineLatestPumping", "event", ops: events / 10, combineLatestPumping, baseline: combineLatestBaseline, target: "≤700 ns"),
    row("combineLatestCreating", "subscription", ops: subscriptions, combineLatestCreating, target: "≤6800 ns"),
])
printTable("Traits", [
    row("singleCreating", "subscription", ops: subscriptions, singleCreating),
    row("singleMapCreating", "subscription", ops: subscriptions, singleMapCreating),
    row("observableCreateCompleting", "subscription", ops: subscriptions, observableCreateCompleting),
    row("infallibleMapPumping", "event", ops: events / 10, infallibleMapPumping),
    row("relayBindingPumping", "event", ops: events / 10, relayBindingPumping),
    row("bindOnNextPumping", "event", ops: events / 10, bindOnNextPumping),
    row("takeUntilPumping", "event", ops: events / 10, takeUntilPumping),
    row("oneSourceOperatorsPumping", "event", ops: events / 10, oneSourceOperatorsPumping),
    row("driverMapPumping", "event", ops: events / 10, driverMapPumping),
    row("driverCompositionPumping", "event", ops: events / 10, driverCompositionPumping),
])
let hopEvents = events / 10
let hopFloorBatched = measure("baselineHopBatched", ops: hopEvents, repetitions: reps, baselineHopBatched)
let hopFloorOneByOne = measure("baselineHopOneByOne", ops: hopEvents / 10, repetitions: reps, baselineHopOneByOne)
let mainHopFloorBatched = measure("baselineMainHopBatched", ops: hopEvents, repetitions: reps, baselineMainHopBatched)
let mainHopFloorOneByOne = measure("baselineMainHopOneByOne", ops: hopEvents / 10, repetitions: reps, baselineMainHopOneByOne)
let concurrentHopFloorBatched = measure("baselineConcurrentHopBatched", ops: hopEvents, repetitions: reps, baselineConcurrentHopBatched)
let concurrentHopFloorOneByOne = measure("baselineConcurrentHopOneByOne", ops: hopEvents / 10, repetitions: reps, baselineConcurrentHopOneByOne)
let subscribeOnFloorBatched = measure("baselineSubscribeOnBatched", ops: hopEvents / 10, repetitions: reps, baselineSubscribeOnBatched)
let subscribeOnFloorOneByOne = measure("baselineSubscribeOnOneByOne", ops: hopEvents / 10, repetitions: reps, baselineSubscribeOnOneByOne)
let delayFloorBatched = measure("baselineDelayBatched", ops: hopEvents, repetitions: reps, baselineDelayBatched)
let delayFloorOneByOne = measure("baselineDelayOneByOne", ops: hopEvents / 10, repetitions: reps, baselineDelayOneByOne)
let timerFloor = measure("baselineTimerTicks", ops: hopEvents / 100, repetitions: reps, baselineTimerTicks)
printTable("Thread hops (batched: the producer outruns the queue; one by one: it waits for each delivery)", [
    row("observeOnSerialBatched", "event", ops: hopEvents, observeOnSerialBatched, baseline: hopFloorBatched, target: "≤1.5x floor, ≤1 alloc a batch"),
    row("observeOnSerialOneByOne", "event", ops: hopEvents / 10, observeOnSerialOneByOne, baseline: hopFloorOneByOne),
    row("observeOnMainBatched", "event", ops: hopEvents, observeOnMainBatched, baseline: mainHopFloorBatched, target: "≤1.5x floor"),
    row("observeOnMainOneByOne", "event", ops: hopEvents / 10, observeOnMainOneByOne, baseline: mainHopFloorOneByOne),
    row("observeOnConcurrentBatched", "event", ops: hopEvents, observeOnConcurrentBatched, baseline: concurrentHopFloorBatched, target: "≤1.5x floor"),
    row("observeOnConcurrentOneByOne", "event", ops: hopEvents / 10, observeOnConcurrentOneByOne, baseline: concurrentHopFloorOneByOne),
    row("subscribeOnBatched", "subscription", ops: hopEvents / 10, subscribeOnBatched, baseline: subscribeOnFloorBatched),
    row("subscribeOnOneByOne", "subscription", ops: hopEvents / 10, subscribeOnOneByOne, baseline: subscribeOnFloorOneByOne),
    row("delayBatched", "event", ops: hopEvents, delayBatched, baseline: delayFloorBatched, target: "≤1.5x floor"),
    row("delayOneByOne", "event", ops: hopEvents / 10, delayOneByOne, baseline: delayFloorOneByOne),
    row("intervalTicks", "tick", ops: hopEvents / 100, intervalTicks, baseline: timerFloor),
])
let latestTaskFloor = measure("baselineLatestTask", ops: subscriptions, repetitions: reps, baselineLatestTask)
let concatTaskFloor = measure("baselineConcatTask", ops: subscriptions, repetitions: reps, baselineConcatTask)
// The flatMapLatest peer only when named (REACTIVE_BENCH_EXACT=async:flatMapLatestAsyncClosure):
// about one run in three of swift-async-algorithms 1.1.4's flatMapLatest hangs or traps
// (apple/swift-async-algorithms#437), which would stop the whole run.
var flatMapLatestAsyncPeer: ((Int) -> Int)?
if exact == "async:flatMapLatestAsyncClosure" { flatMapLatestAsyncPeer = { asyncFlatMapLatestAsyncClosure($0) } }
printTable("Async closures in chains (floor: a Task per element under a lock; async: swift-async-algorithms' flatMapLatest, the standard library's map)", [
    row("flatMapLatestAsyncClosure", "element", ops: subscriptions, flatMapLatestAsyncClosure, baseline: latestTaskFloor, asyncPeer: flatMapLatestAsyncPeer, target: "≤2x floor"),
    row("concatMapAsyncClosure", "element", ops: subscriptions, concatMapAsyncClosure, baseline: concatTaskFloor, asyncPeer: asyncConcatMapAsyncClosure, target: "≤2x floor"),
])
let observationSet = measure("baselineObservationSet", ops: events, repetitions: reps, observationSetNoObservers)
let observationRearm = measure("baselineObservationTracking", ops: events / 10, repetitions: reps, observationTrackingRearmed)
printTable("Key-value observing (baseline: Swift Observation)", [
    row("kvoSetNoObservers", "set", ops: events, kvoSetNoObservers, baseline: observationSet, target: "≤5 ns (@Observable set: baseline)"),
    row("kvoSetOneBlockObserver", "change", ops: events, kvoSetOneBlockObserver, baseline: observationRearm, peer: observationsAsyncSequence, target: "≤50 ns (re-armed tracking: baseline; Observations: peer)"),
    row("kvoSetOneRxSubscriber", "change", ops: events, kvoSetOneRxSubscriber, baseline: observationRearm, target: "≤100 ns"),
    row("kvoSet10Observers", "change", ops: events / 10, { kvoSetObservers($0, observers: 10) }, baseline: observationRearm),
    row("kvoDottedPath3Steps", "change", ops: events / 10, kvoDottedPathChange, baseline: observationRearm),
    row("kvoMutableArrayAppend", "append", ops: events / 10, kvoMutableArrayAppend),
])
printTable("Scaling (time per event should grow no worse than linearly)", [
    row("subjectFanOut1", "event", ops: events / 10, { subjectFanOut($0, subscribers: 1) }),
    row("subjectFanOut10", "event", ops: events / 10, { subjectFanOut($0, subscribers: 10) }),
    row("subjectFanOut100", "event", ops: events / 10, { subjectFanOut($0, subscribers: 100) }),
    row("mapChain1", "event", ops: events / 10, { mapChain($0, length: 1) }),
    row("mapChain10", "event", ops: events / 10, { mapChain($0, length: 10) }),
    row("mapChain100", "event", ops: events / 10, { mapChain($0, length: 100) }),
    row("kvoObservers1", "change", ops: events / 100, { kvoSetObservers($0, observers: 1) }),
    row("kvoObservers10", "change", ops: events / 100, { kvoSetObservers($0, observers: 10) }),
    row("kvoObservers1000", "change", ops: events / 100, { kvoSetObservers($0, observers: 1000) }),
])
