// REACTIVE_BENCH_INSTRUCTIONS=1: instructions per operation, exact whatever else the machine
// does. Each workload runs alone, under `valgrind --tool=callgrind`, at two scales; the
// difference of the two counts divided by the extra operations is its cost per operation (start-up
// and set-up cancel). Printed with the ratio to the workload's hand-written floor where it has one.
import Foundation

/// The floor (a hand-written baseline) of each workload that has one.
let instructionFloors = [
    "publishSubjectPumping": "baselineSubject",
    "publishSubjectPumpingTwoSubscriptions": "baselineSubject",
    "mapFilterPumping": "baselineClosureChain",
    "flatMapsPumping": "baselineFlatMaps",
    "flatMapLatestPumping": "baselineFlatMaps",
    "combineLatestPumping": "baselineCombineLatest",
    "observeOnSerialBatched": "baselineHopBatched",
    "observeOnSerialOneByOne": "baselineHopOneByOne",
    "observeOnMainBatched": "baselineMainHopBatched",
    "observeOnMainOneByOne": "baselineMainHopOneByOne",
    "observeOnConcurrentBatched": "baselineConcurrentHopBatched",
    "observeOnConcurrentOneByOne": "baselineConcurrentHopOneByOne",
    "subscribeOnBatched": "baselineSubscribeOnBatched",
    "subscribeOnOneByOne": "baselineSubscribeOnOneByOne",
    "delayBatched": "baselineDelayBatched",
    "delayOneByOne": "baselineDelayOneByOne",
    "intervalTicks": "baselineTimerTicks",
    "flatMapLatestAsyncClosure": "baselineLatestTask",
    "concatMapAsyncClosure": "baselineConcatTask",
]

func runInstructionCounts() -> Never {
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    // Valgrind 3.19 cannot read the toolchain's DWARF 5: it measures a stripped copy.
    let stripped = NSTemporaryDirectory() + "ReactiveBenchmarks-stripped"
    try? FileManager.default.removeItem(atPath: stripped)
    do {
        try FileManager.default.copyItem(atPath: binary, toPath: stripped)
    } catch {
        fatalError("cannot copy \(binary): \(error)")
    }
    _ = run(["strip", "--strip-debug", stripped], environment: [:])
    // Peers are listed too (as `peer:name` and `async:name`), unless REACTIVE_BENCH_NO_PEER is set.
    var listingEnvironment = ["REACTIVE_BENCH_LIST": "1", "REACTIVE_BENCH_SCALE": "1", "REACTIVE_BENCH_ONLY": ""]
    if noPeer { listingEnvironment["REACTIVE_BENCH_NO_PEER"] = "1" }
    let listing = run([stripped], environment: listingEnvironment)
    let workloads: [(name: String, ops: Int)] = listing.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count == 3, fields[0] == "LIST", let ops = Int(fields[2]) else { return nil }
        if let only, !fields[1].contains(only) && !instructionFloors.values.contains(String(fields[1])) { return nil }
        return (String(fields[1]), ops)
    }
    print("Instructions per operation (callgrind, scales 1 and 2, difference ÷ extra operations)")
    print(pad("workload", 40) + pad("instr/op", 12) + pad("floor", 12) + pad("÷floor", 10) + pad("peer", 12) + pad("÷peer", 10) + pad("async", 12) + "÷async")
    var perOp: [String: Double] = [:]
    for (name, ops) in workloads {
        let counts = [1, 2].map { scale in
            instructions(stripped, workload: name, scale: scale)
        }
        let cost = Double(counts[1] - counts[0]) / Double(ops)
        perOp[name] = cost
    }
    for (name, _) in workloads where !instructionFloors.values.contains(name) && !isPeer(name) {
        guard let cost = perOp[name] else { continue }
        let floor = instructionFloors[name].flatMap { perOp[$0] }
        let peer = perOp["peer:" + name]
        let asyncPeer = perOp["async:" + name]
        print(pad(name, 40) + pad(String(format: "%.0f", cost), 12) + pad(floor.map { String(format: "%.0f", $0) } ?? "—", 12)
            + pad(floor.map { String(format: "%.2fx", cost / $0) } ?? "—", 10)
            + pad(peer.map { String(format: "%.0f", $0) } ?? "—", 12) + pad(peer.map { String(format: "%.2fx", cost / $0) } ?? "—", 10)
            + pad(asyncPeer.map { String(format: "%.0f", $0) } ?? "—", 12) + (asyncPeer.map { String(format: "%.2fx", cost / $0) } ?? "—"))
    }
    for name in Set(instructionFloors.values).sorted() {
        if let cost = perOp[name] { print(pad(name, 40) + pad(String(format: "%.0f", cost), 12) + "(floor)") }
    }
    exit(0)
}

/// Whether a listed run is a peer's (`peer:name`, `async:name`).
func isPeer(_ name: String) -> Bool { name.hasPrefix("peer:") || name.hasPrefix("async:") }

/// The instructions one run of `workload` alone takes at `scale`.
func instructions(_ binary: String, workload: String, scale: Int) -> Int {
    var environment = ["REACTIVE_BENCH_EXACT": workload, "REACTIVE_BENCH_SCALE": "\(scale)"]
    // Without the peers' set-up (a peer itself is run only by its own name).
    if !isPeer(workload) { environment["REACTIVE_BENCH_NO_PEER"] = "1" }
    let output = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary], environment: environment)
    guard let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
          let count = line.split(separator: " ").last.flatMap({ Int($0) }) else {
        fatalError("no instruction count for \(workload) at scale \(scale):\n\(output)")
    }
    return count
}

/// Runs a command with extra environment variables; its standard output and error, together.
func run(_ arguments: [String], environment: [String: String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited["REACTIVE_BENCH_INSTRUCTIONS"] = nil  // the runs measured run one workload, plainly
    process.environment = inherited.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
        try process.run()
    } catch {
        fatalError("cannot run \(arguments[0]): \(error)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
