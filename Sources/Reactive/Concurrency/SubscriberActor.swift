import Dispatch
import Foundation

/// The actor a subscriber's closures were written in (the `isolation` its `subscribe` call
/// received from `#isolation`): where the library runs them.
///
/// Swift 6 isolates a closure written in `@MainActor` code, or in an actor's method, to that
/// actor, but nothing in its type says so: called on another thread it would touch the actor's
/// state in a data race the compiler cannot see. So `subscribe` and its relatives take the
/// caller's isolation, and deliver through `ActorDeliverySink`, which calls the closures at once
/// when the event arrives on that actor and hops to it otherwise.
@usableFromInline struct SubscriberActor: Sendable {
    let actor: any Actor
    /// The main actor, checked by thread and reached through the main queue, as `MainScheduler`.
    let isMain: Bool

    @usableFromInline init(_ actor: any Actor) {
        self.actor = actor
        isMain = actor is MainActor
    }

    /// Whether the caller runs on the actor now.
    ///
    /// The main actor's executor is the main queue (or the main thread), asked of libdispatch:
    /// the runtime's own check answers no for a main-queue block that runs on a worker thread
    /// (Linux, after `dispatchMain()`). Another actor is asked of the runtime; where it cannot
    /// answer, the answer is no, and the work hops.
    var isCurrent: Bool {
        if isMain { return MainQueue.isMainActor }
        return CurrentExecutor.runsOn(actor) ?? false
    }

    /// Runs `work` on the actor later, after what was queued before it there.
    ///
    /// The main actor: the main queue (as `MainScheduler`; a program on Linux must run it, with
    /// `dispatchMain()` or `RunLoop.main.run()`). Another actor: a task that hops to it.
    func enqueue(_ work: @escaping @Sendable () -> Void) {
        if isMain {
            DispatchQueue.main.async(execute: work)
        } else {
            let actor = actor
            Task { await runIsolated(to: actor, work) }
        }
    }

    /// What went wrong where a closure written for this actor is called off it, and the fix:
    /// for a debug build's stop.
    func misplacedCall(_ what: String, fix: String) -> String {
        "\(what) was written in code isolated to \(actor) but is called on \(Thread.current), off that actor: \(fix)."
    }

    /// Runs `work` on the actor: at once if the caller is on it, else later (`enqueue`).
    func run(_ work: @escaping @Sendable () -> Void) {
        if isCurrent { work() } else { enqueue(work) }
    }
}

/// Runs `work` isolated to `actor`: awaited from a task, the call hops to the actor's executor.
private func runIsolated(to actor: isolated any Actor, _ work: @Sendable () -> Void) {
    work()
}
