import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on the current thread, after the work already running on it: a trampoline.
///
/// The first `schedule` on a thread runs its action at once and then, before returning, every
/// action scheduled meanwhile, in order. Nested scheduling therefore never grows the stack.
/// Subscribing installs the trampoline if none is active, as RxSwift's producers do: every
/// operator, `create`, `deferred`, `of`/`from`, timers and `refCount()`. As in RxSwift, `just`,
/// `empty`, `error`, `never`, the subjects and relays, the connectables (`publish()`,
/// `replay(_:)`, `multicast(_:)`) and `share(replay:)` of at most one element while connected
/// deliver without one: work an observer schedules here from their events runs at once.
/// The per-thread state lives in a `pthread` key, not in `Thread.threadDictionary`.
public final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether no trampoline runs on this thread, so scheduling now would run the action at once.
    public static var isScheduleRequired: Bool {
        // Every subscription asks: no retain of the trampoline, no creation on a first call.
        guard let pointer = pthread_getspecific(Trampoline.key) else { return true }
        return !Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.active }
    }

    /// Runs `action` now if no trampoline is active on this thread, else queues it to run after
    /// the current work.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Trampoline.current
        if trampoline.active {
            let item = ScheduledWork { action(state) }
            trampoline.queue.append(item)
            return item
        }
        return trampoline.run { action(state) }
    }

    /// Runs `body`, a subscription, with this thread's trampoline installed, then what was
    /// queued meanwhile, if none runs; nil without calling `body` if one runs (the caller then
    /// subscribes directly). One thread-local lookup, where asking `isScheduleRequired` first
    /// took two for every outermost subscription.
    @usableFromInline static func runInstallingTrampoline(_ body: () -> Upstream) -> Upstream? {
        guard let pointer = pthread_getspecific(Trampoline.key) else { return Trampoline.current.run(body) }
        // Unretained: the thread's key holds its trampoline until the thread exits, and only
        // this thread uses it (TrampolineTests' short-lived threads, under ASan in CI).
        return Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { trampoline in
            trampoline.active ? nil : trampoline.run(body)
        }
    }
}

/// The per-thread trampoline: created once per thread, released when the thread exits.
private final class Trampoline {
    // One thread's object, and no access spans a call that could reach another: exclusivity is
    // unchecked, since the dynamic check cost about 80 instructions per access, two per subscribe.
    @exclusivity(unchecked) var active = false
    @exclusivity(unchecked) var queue: [ScheduledWork] = []
    @exclusivity(unchecked) var head = 0

    /// The thread-local key, created by the first access on any thread.
    ///
    /// Read from `keyPlusOne`, a statically initialised word (one load): a `static let` computed
    /// by a closure is initialised lazily, behind a `swift_once` call on every access, and every
    /// subscription reads the key (`isScheduleRequired`), every inner one of `flatMap` too.
    @inline(__always) static var key: pthread_key_t {
        let stored = keyPlusOne.load(ordering: .acquiring)
        if stored != 0 { return pthread_key_t(truncatingIfNeeded: stored &- 1) }
        return createdKey
    }

    /// The key plus one once created, else 0.
    static let keyPlusOne = Atomic<UInt>(0)

    /// Creates the key, once (the lazy initialisation of a `static let` is thread-safe), and
    /// publishes it in `keyPlusOne`.
    static let createdKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<Trampoline>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<Trampoline>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        keyPlusOne.store(UInt(key) + 1, ordering: .releasing)
        return key
    }()

    static var current: Trampoline {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        }
        let trampoline = Trampoline()
        pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
        return trampoline
    }

    func run<Result>(_ body: () -> Result) -> Result {
        active = true
        defer { active = false }
        let result = body()
        while head < queue.count {
            let item = queue[head]
            head += 1
            item.run()
            // Executed items go as the drain goes, not when it ends: a long recursion (`range`,
            // `repeatElement(…).take(n)`) would otherwise keep every step it ran. Removed in
            // batches, once they are at least half of the queue, so the cost per item stays
            // constant.
            if head >= 1024 && head * 2 >= queue.count {
                queue.removeSubrange(0..<head)
                head = 0
            }
        }
        // Most subscriptions queue nothing: an empty queue is left as it is (emptying it again
        // builds a new empty buffer).
        if !queue.isEmpty {
            queue.removeAll(keepingCapacity: queue.count <= 64)
            head = 0
        }
        return result
    }
}
