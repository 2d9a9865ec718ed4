/// Delivers a subscriber's events on the actor its closures were written in
/// (`SubscriberActor`), in order, one at a time.
///
/// An event that arrives on the actor with nothing queued is delivered at once, inside the
/// sender's call, exactly as without this sink (RxSwift's timing: a subject's `onNext` sent
/// from `@MainActor` code reaches a main-actor subscriber before it returns). An event that
/// arrives on another thread, or while earlier ones wait, is queued, and one drain on the actor
/// delivers the queue, as `observe(on:)` would. Disposing drops what is queued; the subscriber's
/// sink already refuses deliveries once disposed.
///
/// Events to this sink never overlap (the Rx contract), so the only code that runs beside
/// `on(_:)` is the drain; a drain is scheduled only by `on(_:)`, and only when none is pending
/// or running, so there is never more than one.
@usableFromInline final class ActorDeliverySink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    private let actor: SubscriberActor
    private let lock = Lock()
    private var queue = EventQueue<Element>()
    /// A drain is scheduled or running: later events queue behind it.
    private var draining = false

    @usableFromInline init(downstream: Downstream<Element>, actor: SubscriberActor) {
        self.actor = actor
        super.init(downstream: downstream)
    }

    @usableFromInline var handle: Downstream<Element> {
        Downstream(self) { unsafeDowncast($0, to: ActorDeliverySink<Element>.self).on(&$1) }
    }

    @usableFromInline func on(_ event: inout Event<Element>) {
        let onActor = actor.isCurrent
        let (deliverNow, startDrain): (Bool, Bool) = lock.withLock {
            if onActor && !draining { return (true, false) }
            queue.append(event)
            if draining { return (false, false) }
            draining = true
            return (false, true)
        }
        if deliverNow {
            forward(event)
        } else if startDrain {
            // Weak: a disposed subscription is released at once, not when the actor gets to
            // the drain (the main queue may not run for a while). A live one is held by its
            // subscriber's sink.
            actor.enqueue { [weak self] in self?.drain() }
        }
    }

    /// Delivers what is queued, on the actor, until the queue is empty or the sink disposed.
    private func drain() {
        while true {
            let next: Event<Element>? = lock.withLock {
                if let event = queue.popFirst(), !isDisposed { return event }
                draining = false
                return nil
            }
            guard let next else { return }
            forward(next)
        }
    }

    @usableFromInline override func dispose() {
        guard disposeOnce() else { return }
        let dropped = lock.withLock { queue.takeAll() }
        _ = dropped  // released outside the lock
    }
}
