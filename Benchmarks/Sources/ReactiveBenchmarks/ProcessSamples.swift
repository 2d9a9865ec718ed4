// REACTIVE_BENCH_PROCESSES=N: each workload's time in N fresh processes, as median (min–max).
// REACTIVE_BENCH_COMPARE=path (with REACTIVE_BENCH_PROCESSES=N): the same for another build of
// this program, run alternately with this one, and the ratio of the medians (other ÷ this).
//
// Why processes: on this machine the time of a long synchronous chain depends on where the
// program's code is loaded (address space layout is randomised per process). One binary of
// mapFilterPumping ran at 64 or 72 ns depending on the run, another at 122 ns in 15 runs of 16
// and 61 ns in the 16th; with randomisation off (`setarch -R`) each gave one value every time,
// whatever the stack's offset. So one process measures one layout: best-of-7 inside one process
// cannot tell a change's cost from the layout it happened to get.
import Foundation

/// Times of every workload in one run of `binary` (ns per operation), in the order printed.
func sampleTimes(_ binary: String) -> [(name: String, nanos: Double)] {
    let output = run([binary], environment: ["REACTIVE_BENCH_PROCESSES": "", "REACTIVE_BENCH_COMPARE": ""])
    return output.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 3, let nanos = Double(fields[2]) else { return nil }
        return (String(fields[0]), nanos)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func runProcessSamples(_ count: Int) -> Never {
    let this = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let other = ProcessInfo.processInfo.environment["REACTIVE_BENCH_COMPARE"].flatMap { $0.isEmpty ? nil : $0 }
    var samples: [String: [Double]] = [:]
    var otherSamples: [String: [Double]] = [:]
    var order: [String] = []
    for _ in 0..<count {
        // Alternately, so that whatever else the machine does falls on both alike.
        for (name, nanos) in sampleTimes(this) {
            if samples[name] == nil { order.append(name) }
            samples[name, default: []].append(nanos)
        }
        if let other {
            for (name, nanos) in sampleTimes(other) { otherSamples[name, default: []].append(nanos) }
        }
    }
    print("Time per operation in \(count) processes (ns): median (min–max)" + (other.map { "; other: \($0)" } ?? ""))
    print(pad("workload", 40) + pad("this", 24) + (other == nil ? "" : pad("other", 24) + "other ÷ this"))
    for name in order {
        guard let values = samples[name] else { continue }
        let this = median(values)
        var line = pad(name, 40) + pad("\(number(this)) (\(number(values.min()))–\(number(values.max())))", 24)
        if let others = otherSamples[name], !others.isEmpty {
            let that = median(others)
            line += pad("\(number(that)) (\(number(others.min()))–\(number(others.max())))", 24) + String(format: "%.2f", that / this)
        }
        print(line)
    }
    exit(0)
}
