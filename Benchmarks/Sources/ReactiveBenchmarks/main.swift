// Runs every workload and its baseline in one process and prints one table.
// REACTIVE_BENCH_QUICK=1 runs each once with small counts (CI: it compiles and sums are right).
import Dispatch
import Foundation
import MallocCounter

let quick = ProcessInfo.processInfo.environment["REACTIVE_BENCH_QUICK"] != nil
/// REACTIVE_BENCH_ONLY=name runs only the workloads whose name contains `name` (for profiling).
let only = ProcessInfo.processInfo.environment["REACTIVE_BENCH_ONLY"]

struct Measurement {
    var nanosPerOp: Double
    var allocationsPerOp: Double
}

func measure(_ name: String, ops: Int, repetitions: Int, _ body: (Int) -> Int) -> Measurement {
    if let only, !name.contains(only), !name.hasPrefix("baseline") { return Measurement(nanosPerOp: .nan, allocationsPerOp: .nan) }
    var best = Double.infinity
    var allocations = 0.0
    for _ in 0..<repetitions {
        let allocsBefore = malloc_counter_total()
        let start = DispatchTime.now().uptimeNanoseconds
        let sum = body(ops)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        let allocs = Double(malloc_counter_total() - allocsBefore)
        guard sum == ops else { fatalError("\(name): checksum \(sum), expected \(ops)") }
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
    let measured: Measurement
    let baseline: Measurement?
    let target: String
}

let scale = quick ? 1 : 10
let reps = quick ? 1 : 7
var rows: [Row] = []

let subjectBaseline = measure("baselineSubject", ops: 100_000 * scale, repetitions: reps, baselineSubjectPumping)
rows.append(Row(name: "publishSubjectPumping", unit: "event", measured: measure("publishSubjectPumping", ops: 100_000 * scale, repetitions: reps, publishSubjectPumping), baseline: subjectBaseline, target: "≤2x baseline, 0 alloc/event"))
rows.append(Row(name: "publishSubjectCreating", unit: "cycle", measured: measure("publishSubjectCreating", ops: 10_000 * scale, repetitions: reps, publishSubjectCreating), baseline: nil, target: "≤4 alloc/cycle"))
let chainBaseline = measure("baselineClosureChain", ops: 10_000 * scale, repetitions: reps, baselineClosureChainPumping)
rows.append(Row(name: "mapFilterPumping", unit: "event", measured: measure("mapFilterPumping", ops: 10_000 * scale, repetitions: reps, mapFilterPumping), baseline: chainBaseline, target: "≤3x baseline, 0 alloc/event"))
rows.append(Row(name: "mapFilterCreating", unit: "subscription", measured: measure("mapFilterCreating", ops: 1_000 * scale, repetitions: reps, mapFilterCreating), baseline: nil, target: "≤30 alloc/subscription"))
rows.append(Row(name: "flatMapsPumping", unit: "event", measured: measure("flatMapsPumping", ops: 10_000 * scale, repetitions: reps, flatMapsPumping), baseline: nil, target: "≤880 ns (RxSwift/5), ≤10 alloc"))
rows.append(Row(name: "flatMapsCreating", unit: "subscription", measured: measure("flatMapsCreating", ops: 1_000 * scale, repetitions: reps, flatMapsCreating), baseline: nil, target: "≤2540 ns (RxSwift/5)"))
rows.append(Row(name: "flatMapLatestPumping", unit: "event", measured: measure("flatMapLatestPumping", ops: 10_000 * scale, repetitions: reps, flatMapLatestPumping), baseline: nil, target: "≤880 ns (RxSwift/5)"))
rows.append(Row(name: "flatMapLatestCreating", unit: "subscription", measured: measure("flatMapLatestCreating", ops: 1_000 * scale, repetitions: reps, flatMapLatestCreating), baseline: nil, target: "—"))
rows.append(Row(name: "combineLatestPumping", unit: "event", measured: measure("combineLatestPumping", ops: 10_000 * scale, repetitions: reps, combineLatestPumping), baseline: nil, target: "≤700 ns (RxSwift/5)"))
rows.append(Row(name: "combineLatestCreating", unit: "subscription", measured: measure("combineLatestCreating", ops: 1_000 * scale, repetitions: reps, combineLatestCreating), baseline: nil, target: "≤6800 ns (RxSwift/5)"))
let observationSet = measure("baselineObservationSet", ops: 100_000 * scale, repetitions: reps, observationSetNoObservers)
rows.append(Row(name: "kvoSetNoObservers", unit: "set", measured: measure("kvoSetNoObservers", ops: 100_000 * scale, repetitions: reps, kvoSetNoObservers), baseline: observationSet, target: "≤5 ns (baseline: @Observable set)"))
let observationRearm = measure("baselineObservationTracking", ops: 10_000 * scale, repetitions: reps, observationTrackingRearmed)
rows.append(Row(name: "kvoSetOneBlockObserver", unit: "change", measured: measure("kvoSetOneBlockObserver", ops: 100_000 * scale, repetitions: reps, kvoSetOneBlockObserver), baseline: observationRearm, target: "≤50 ns (baseline: withObservationTracking re-armed)"))
rows.append(Row(name: "kvoSetOneRxSubscriber", unit: "change", measured: measure("kvoSetOneRxSubscriber", ops: 100_000 * scale, repetitions: reps, kvoSetOneRxSubscriber), baseline: observationRearm, target: "≤100 ns"))

func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
print(quick ? "Quick mode (counts are checked; timings are not meaningful)" : "Reactive benchmarks (release, best of \(reps))")
print(pad("workload", 24) + pad("ns/op", 10) + pad("allocs/op", 11) + pad("baseline ns", 13) + pad("ratio", 8) + "target")
for row in rows {
    let ratio = row.baseline.map { String(format: "%.2fx", row.measured.nanosPerOp / $0.nanosPerOp) } ?? "—"
    let baseline = row.baseline.map { String(format: "%.1f", $0.nanosPerOp) } ?? "—"
    print(pad(row.name, 24) + pad(String(format: "%.1f", row.measured.nanosPerOp), 10) + pad(String(format: "%.2f", row.measured.allocationsPerOp), 11) + pad(baseline, 13) + pad(ratio, 8) + row.target)
}
