/// A subscription still alive, as `Resources.liveSubscriptions` lists it (debug builds).
///
/// It names the operators from the source to the subscriber and where it was made, so that a
/// leak can be traced to the line that leaked it.
public struct LiveSubscription: Sendable, Equatable, CustomStringConvertible {
    /// Its place among every subscription made by the process: later ones have larger numbers
    /// (see `Resources.nextSubscriptionSerial`).
    public let serial: Int
    /// The operators from the source to the subscriber, as `PublishSubject → map → filter →
    /// subscribe`; a node of several sources lists them, as `combineLatest(PublishSubject,
    /// BehaviorSubject) → subscribe`.
    public let chain: String
    /// Where it was made (`Module/File.swift:line` of the `subscribe`, `bind`, `drive` or `emit`
    /// call) and, when it was put in a bag, where (`disposed(by:)`).
    public let sites: [String]
    /// Whether it was disposed, or ended, and is listed only because its disposable is still
    /// referenced (by a variable, a bag not yet emptied).
    public let isDisposed: Bool

    /// The subscription as `#serial chain, subscribe at site; disposed(by:) at site`.
    public var description: String {
        "#\(serial) " + descriptionWithoutSerial
    }

    var descriptionWithoutSerial: String {
        "\(chain), \(sites.joined(separator: "; "))" + (isDisposed ? " (disposed; its disposable is still referenced)" : "")
    }
}

extension Resources {
    /// The subscriptions alive now, oldest first: debug builds of the library; always empty in
    /// release builds, which record nothing.
    ///
    /// A subscription is alive until the disposable its `subscribe` (or `bind`, `drive`, `emit`)
    /// returned is deallocated: a `DisposeBag` that is never emptied keeps it alive, and so
    /// does a subscription that never ends and was never disposed. Thread-safe.
    public static var liveSubscriptions: [LiveSubscription] {
        LiveSubscriptionRegistry.shared.live(since: 0)
    }

    /// The serial number the next subscription will get: take it before some work, and
    /// `liveSubscriptionsReport(since:)` after it lists what that work left alive.
    public static var nextSubscriptionSerial: Int {
        LiveSubscriptionRegistry.shared.nextSerial
    }

    /// A printable list of the live subscriptions made since `serial` (all by default), one a
    /// line, or a sentence saying there are none (or, in release builds, that none are recorded).
    ///
    /// Subscriptions alike (the same chain, made and bagged at the same lines, as a loop makes
    /// them) share one line that counts them, and at most `maximumLines` lines are written, the
    /// oldest first: a leak in a loop reads as one line, not ten thousand.
    public static func liveSubscriptionsReport(since serial: Int = 0, maximumLines: Int = 50) -> String {
        #if DEBUG
        let live = LiveSubscriptionRegistry.shared.live(since: serial)
        if live.isEmpty { return "No live subscription was made since #\(serial)." }
        let heading = live.count == 1 ? "1 live subscription" : "\(live.count) live subscriptions"
        let groups = LiveSubscriptionGroup.grouping(live)
        var lines = groups.prefix(max(maximumLines, 1)).map { "  \($0)" }
        if groups.count > lines.count {
            let rest = groups.dropFirst(lines.count).reduce(0) { $0 + $1.count }
            let more = groups.count - lines.count
            lines.append("  … and \(rest) more on \(more) more \(more == 1 ? "line" : "lines")")
        }
        return "\(heading) made since #\(serial):\n" + lines.joined(separator: "\n")
        #else
        return "Live subscriptions are recorded in debug builds only."
        #endif
    }
}

/// Live subscriptions that differ only in their serial numbers, for one line of the report.
struct LiveSubscriptionGroup: CustomStringConvertible {
    var first: LiveSubscription
    var last: LiveSubscription
    var count: Int

    /// The groups of `live`, in the order of their oldest subscription.
    static func grouping(_ live: [LiveSubscription]) -> [LiveSubscriptionGroup] {
        var groups: [LiveSubscriptionGroup] = []
        var indexOfKey: [String: Int] = [:]
        for subscription in live {
            let key = subscription.descriptionWithoutSerial
            if let index = indexOfKey[key] {
                groups[index].last = subscription
                groups[index].count += 1
            } else {
                indexOfKey[key] = groups.count
                groups.append(LiveSubscriptionGroup(first: subscription, last: subscription, count: 1))
            }
        }
        return groups
    }

    var description: String {
        count == 1 ? "\(first)" : "\(first) (and \(count - 1) more alike, the last #\(last.serial))"
    }
}

/// Whether this build of the library records subscriptions: a constant the code inlined into
/// other modules reads (their own configuration may differ from the library's).
#if DEBUG
@usableFromInline let recordsSubscriptions = true
#else
@usableFromInline let recordsSubscriptions = false
#endif

/// Where the subscription's disposable came from: `subscribe` (the default of the closure
/// forms), `bind`, `drive`, `emit`. Records it in debug builds and returns `disposable`.
///
/// Inlined, so that a release build only reads a constant: an out-of-line call, and the
/// source kept alive for it (`source` is an autoclosure, evaluated only when recording), cost
/// 45 instructions a `subscribe`.
@inlinable @inline(__always) func recordSubscription(_ disposable: Disposable, to source: @autoclosure () -> AnyObject, as call: StaticString, file: StaticString, line: UInt) -> Disposable {
    if recordsSubscriptions {
        recordSubscriptionInDebugBuilds(disposable, to: source(), as: call, file: file, line: line)
    }
    return disposable
}

@usableFromInline func recordSubscriptionInDebugBuilds(_ disposable: Disposable, to source: AnyObject, as call: StaticString, file: StaticString, line: UInt) {
    #if DEBUG
    LiveSubscriptionRegistry.shared.record(disposable, source: source, site: Site(call: call, file: file, line: line))
    #endif
}

/// `disposed(by:)`'s site, added to the subscription whose disposable it is (debug builds).
@inlinable @inline(__always) func recordBagging(_ disposable: Disposable, file: StaticString, line: UInt) {
    if recordsSubscriptions {
        recordBaggingInDebugBuilds(disposable, file: file, line: line)
    }
}

@usableFromInline func recordBaggingInDebugBuilds(_ disposable: Disposable, file: StaticString, line: UInt) {
    #if DEBUG
    LiveSubscriptionRegistry.shared.addSite(to: disposable, Site(call: "disposed(by:)", file: file, line: line))
    #endif
}

/// Where a subscription was made or bagged, kept as the compiler's constants: formatted only
/// when a report asks (formatting each at once doubled a debug build's cost of subscribing).
struct Site: CustomStringConvertible {
    let call: StaticString
    let file: StaticString
    let line: UInt

    var description: String { "\(call) at \(file):\(line)" }
}

/// An observable node that names its sources, for the chains of `Resources.liveSubscriptions`:
/// every `Observable` (a node with none is drawn as a source).
protocol SubscriptionChainNode: AnyObject {
    var chainSources: [AnyObject] { get }
    var chainLabel: StaticString? { get }
}

/// The live subscriptions of a debug build: each the weak reference to its disposable, the
/// shape of its chain (types, named only when a report asks), and its sites.
///
/// Guarded by the library's `Lock`, not `Mutex`, whose handoff ThreadSanitizer cannot see.
final class LiveSubscriptionRegistry: @unchecked Sendable {
    static let shared = LiveSubscriptionRegistry()

    /// A chain as recorded: a node's type and its sources' chains. Unchecked only for its
    /// metatypes, which are immutable; the value itself is never mutated once built.
    indirect enum Shape: @unchecked Sendable {
        case node(Any.Type, StaticString?, [Shape])
        /// Not walked yet (a report made meanwhile shows `…`).
        case pending
    }

    /// Unchecked for its weak reference: entries are read and written under `lock` only, and a
    /// report reads the object through the strong reference it took there (the stress test of
    /// LiveSubscriptionsTests runs under TSan).
    struct Entry: @unchecked Sendable {
        let serial: Int
        weak var disposable: AnyObject?
        var shape: Shape
        var call: StaticString
        var sites: [Site]
    }

    /// Entries in the order they were made (so by serial). An array, not dictionaries: a debug
    /// build runs the standard library's generic code unspecialised, where each dictionary
    /// operation cost thousands of instructions a subscription.
    struct State {
        var nextSerial = 0
        var entries: [Entry] = []
        /// Entries to have before sweeping the released ones out again.
        var sweepAt = 1_024

        /// The index of `object`'s entry, searched from the newest: a wrapper's call and
        /// `disposed(by:)` come right after the subscription they name.
        func index(of object: AnyObject) -> Int? {
            entries.lastIndex { $0.disposable === object }
        }
    }

    private let lock = Lock()
    private var state = State()

    /// Runs `body` on the state, under the lock.
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    var nextSerial: Int { withState { $0.nextSerial } }

    func record(_ disposable: Disposable, source: AnyObject, site: Site) {
        let object = disposable as AnyObject
        let isNew: Bool = withState { state in
            // A wrapper (`drive`, `bind`) records the disposable its inner `subscribe` recorded
            // just before: the outer call names it.
            if let last = state.entries.indices.last, state.entries[last].disposable === object {
                state.entries[last].call = site.call
                state.entries[last].sites = [site]
                return false
            }
            state.entries.append(Entry(serial: state.nextSerial, disposable: object, shape: .pending, call: site.call, sites: [site]))
            state.nextSerial += 1
            if state.entries.count >= state.sweepAt {
                state.entries.removeAll { $0.disposable == nil }
                state.sweepAt = max(1_024, state.entries.count * 2)
            }
            return true
        }
        guard isNew else { return }
        // The chain is walked outside the lock (a node's sources are its own), then stored.
        let shape = Self.shape(of: source, depth: 0)
        withState { state in
            if let index = state.index(of: object) { state.entries[index].shape = shape }
        }
    }

    func addSite(to disposable: Disposable, _ site: Site) {
        let object = disposable as AnyObject
        withState { state in
            if let index = state.index(of: object) { state.entries[index].sites.append(site) }
        }
    }

    func live(since first: Int) -> [LiveSubscription] {
        let entries: [(entry: Entry, object: AnyObject)] = withState { state in
            state.entries.removeAll { $0.disposable == nil }
            return state.entries.compactMap { entry in
                guard entry.serial >= first, let object = entry.disposable else { return nil }
                return (entry, object)
            }
        }
        // Named, and asked whether disposed, outside the lock (a disposable's state has a lock
        // of its own).
        return entries.map { entry, object in
            LiveSubscription(serial: entry.serial, chain: Self.describe(entry.shape) + " → \(entry.call)", sites: entry.sites.map(\.description), isDisposed: (object as? Cancelable)?.isDisposed ?? false)
        }
    }

    /// Deep chains are cut: a report line stays readable, and a cycle cannot loop.
    private static let maximumDepth = 32

    private static func shape(of node: AnyObject, depth: Int) -> Shape {
        let chainNode = node as? SubscriptionChainNode
        let sources = depth < maximumDepth ? (chainNode?.chainSources ?? []) : []
        return .node(type(of: node), chainNode?.chainLabel, sources.map { shape(of: $0, depth: depth + 1) })
    }

    private static func describe(_ shape: Shape) -> String {
        guard case .node(let type, let label, let sources) = shape else { return "…" }
        let name = label.map { "\($0)" } ?? operatorName(of: type)
        switch sources.count {
        case 0: return name
        case 1: return describe(sources[0]) + " → " + name
        default: return name + "(" + sources.map(describe).joined(separator: ", ") + ")"
        }
    }
}

/// The operator a node type stands for: `MapObservable<Int, Int>` → `map`,
/// `UnaryObservable<DistinctUntilChangedSink<…>>` → `distinctUntilChanged`; subjects and relays
/// keep their type's name (`PublishSubject`).
func operatorName(of type: Any.Type) -> String {
    var name = "\(type)"
    // The generic producers are named by their sink: `combineLatest`, `zip`, `map`.
    for producer in ["UnaryObservable<", "CombiningObservable<"] where name.hasPrefix(producer) {
        name = String(name.dropFirst(producer.count))
    }
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
    for suffix in ["Observable", "Sink", "Producer"] where name.hasSuffix(suffix) && name.count > suffix.count {
        name = String(name.dropLast(suffix.count))
        break
    }
    if name.hasSuffix("Subject") || name.hasSuffix("Relay") || name.hasSuffix("Sequence") || name.hasSuffix("Property") || name.hasSuffix("Event") {
        return name
    }
    let renamed = ["ObserveOn": "observe(on:)", "SubscribeOn": "subscribe(on:)", "ShareWhileConnected": "share", "SkipCount": "skip", "TakeCount": "take"]
    return renamed[name] ?? name.prefix(1).lowercased() + name.dropFirst()
}
