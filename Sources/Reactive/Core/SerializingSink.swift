import Synchronization

/// The base of every sink fed by more than one source (merge, combineLatest, zip, timeout, …):
/// events may arrive on several threads at once, yet reach the downstream observer one at a time
/// and in the order they were accepted, and no lock is held while calling out.
///
/// Callers decide under `lock` (the operator's own state lives under the same lock) and call
/// `acceptLocked`; the caller that becomes the emitter delivers after unlocking with `emit`, and
/// then what its own delivery sent back in (re-entrant events, queued). A sender on another
/// thread that finds a delivery in progress waits its turn (as RxSwift's senders do, on the lock
/// its operators deliver under), in the order its event was accepted, and then delivers its own
/// event (`delay` and `timeout` instead queue it for the emitter, as RxSwift's do not hold a
/// lock while delivering: see `sendersWait`): so a send returns after its
/// own event's delivery and the re-entrant events it caused, never after events other threads
/// keep producing, and nothing queues up without bound when producers outrun the subscriber.
/// No lock is held while calling out, and a re-entrant send never waits. `Item` is what is
/// queued; `convert` turns it into the element sent (combineLatest queues the latest values and
/// runs the user's result selector while emitting, outside the lock and in order).
@usableFromInline class SerializingSink<Item, Element>: Sink, @unchecked Sendable {
    @usableFromInline final let downstream: Downstream<Element>
    @usableFromInline final let lock = Lock()
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    // Nil until an event has to wait (most sinks never queue one): an empty array is still an
    // object to release when the sink goes, and `emitStop` would empty it.
    @exclusivity(unchecked) @usableFromInline final var queue: ContiguousArray<Event<Item>>? = nil
    @exclusivity(unchecked) @usableFromInline final var queueHead = 0
    /// Whether a delivery is in progress (`emittingBit`), and whether events were queued for
    /// its emitter since it began (`queuedBit`). Set under `lock`; at the end of a delivery
    /// with nothing queued, the emitter clears it with one compare-and-swap and no lock (see
    /// `nextQueued`), so a sender that queues for it sets `queuedBit` by compare-and-swap too,
    /// and emits itself if the emitter finished meanwhile.
    @usableFromInline final let emitState = Atomic<Int>(0)
    @usableFromInline static var emittingBit: Int { 1 }
    @usableFromInline static var queuedBit: Int { 2 }
    /// The thread delivering while `emitState` says so (events it sends meanwhile are
    /// re-entrant).
    @exclusivity(unchecked) @usableFromInline final var emitterThread: UInt = 0
    /// `emitterThread` of an emitter that is the only sender there can be (combineLatest's last
    /// running source): every event sent while it delivers is re-entrant, so it need not ask
    /// which thread it runs on. No thread has this identifier.
    @inlinable static var onlySenderThread: UInt { .max }
    /// Turns of senders from other threads, first come first served: the next ticket to hand
    /// out, and the ticket whose holder delivers next. Equal when nobody waits.
    @exclusivity(unchecked) @usableFromInline final var nextTicket = 0
    @exclusivity(unchecked) @usableFromInline final var nowServing = 0
    /// A terminal event was accepted: later events are dropped. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline final var done = false
    /// `Item` is `Element` and items are sent as they are (`SerializingForwardingSink`). Checked
    /// in `emit` before calling `convert`, which is reached through the vtable and so runs
    /// unspecialised: an identity `convert` would copy each element through value witnesses.
    @usableFromInline final let forwardsItems: Bool

    /// Whether a sender on another thread waits its turn (true: RxSwift's operators that
    /// deliver under their lock) or queues its event for the emitter and returns (false: `delay`
    /// and `timeout`, which RxSwift lets send while a delivery is in progress, so that an
    /// observer that waits for that sender cannot deadlock with it).
    @usableFromInline final let sendersWait: Bool

    @inlinable init(downstream: Downstream<Element>) {
        self.downstream = downstream
        forwardsItems = false
        sendersWait = true
        super.init()
    }

    @inlinable init(forwardingTo downstream: Downstream<Element>, sendersWait: Bool = true) {
        precondition(Item.self == Element.self, "Internal inconsistency: a forwarding sink converts nothing")
        self.downstream = downstream
        forwardsItems = true
        self.sendersWait = sendersWait
        super.init()
    }

    /// Turns a queued item into the element sent; runs outside the lock, one call at a time.
    /// Not called for a forwarding sink (`forwardsItems`).
    @usableFromInline func convert(_ item: Item) throws -> Element {
        fatalError("SerializingSink subclasses override convert(_:)")
    }

    /// Under `lock`: accepts `event` for delivery, unless a terminal event was accepted before.
    /// Returns true when the caller became the emitter: it must call `emit(event)` after unlocking.
    ///
    /// A re-entrant event (sent by the emitting thread while it delivers) is queued for the
    /// emitter and false returned. A sender on another thread while a delivery is in progress,
    /// or while others wait, waits here for its turn, releasing `lock` meanwhile (state the
    /// caller reads after this call may have changed), and then becomes the emitter; it gets
    /// false if the sink is disposed while it waits.
    @inlinable final func acceptLocked(_ event: Event<Item>) -> Bool {
        if done { return false }
        if event.isStopEvent { done = true }
        if let turn = takeTurnLocked() { return turn }
        if queue == nil { queue = ContiguousArray() }
        queue?.append(event)
        return false
    }

    /// `acceptLocked(.completed)` for code that runs unspecialised (an operator's part in the
    /// library): the same, with the event built only when it is queued, out of line. Built
    /// here, an `Event` of a generic type takes a lookup of its metadata at every call
    /// (about 330 instructions), whether or not it is queued.
    @inlinable final func acceptCompletedLocked() -> Bool {
        if done { return false }
        done = true
        if let turn = takeTurnLocked() { return turn }
        queueCompletedLocked()
        return false
    }

    /// Under `lock`: the caller's turn to deliver an accepted event. True if it became the
    /// emitter, false if it waited and the sink was disposed meanwhile, nil if it queues its
    /// event for the emitter (see `acceptLocked`).
    @inlinable @inline(__always) final func takeTurnLocked() -> Bool? {
        while true {
            let state = emitState.load(ordering: .acquiring)
            if state == 0 && nowServing == nextTicket {
                beginEmittingLocked()
                return true
            }
            let me = currentThreadID()
            guard state != 0 && (emitterThread == me || emitterThread == Self.onlySenderThread || !sendersWait) else { return waitForTurnLocked(me) }
            // Queued for the emitter, which looks at the queue before it stops emitting, once
            // it sees `queuedBit`. Only it changes the state without the lock, and only to stop
            // emitting: if it just did, this call emits instead (the loop again).
            if state & Self.queuedBit != 0 || emitState.compareExchange(expected: Self.emittingBit, desired: Self.emittingBit | Self.queuedBit, ordering: .acquiringAndReleasing).exchanged {
                return nil
            }
        }
    }

    /// Under `lock`: queues a completion for the emitter (see `acceptCompletedLocked`). Never
    /// specialised: rare, and the same for every element type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func queueCompletedLocked() {
        if queue == nil { queue = ContiguousArray() }
        queue?.append(.completed)
    }

    /// Whether an event accepted now would be delivered by the caller at once (nobody delivers
    /// or waits): an operator that hands the emitter a shared buffer (combineLatest's row)
    /// fills it only then, and queues a copy otherwise.
    @inlinable final var deliversAtOnceLocked: Bool {
        emitState.load(ordering: .acquiring) == 0 && nowServing == nextTicket
    }

    /// Under `lock`: waits for this thread's turn (releasing the lock while waiting), then makes
    /// it the emitter. False if the sink is disposed meanwhile (the waiters after it give up too).
    @usableFromInline final func waitForTurnLocked(_ me: UInt) -> Bool {
        let ticket = nextTicket
        nextTicket += 1
        while emitState.load(ordering: .acquiring) != 0 || nowServing != ticket {
            if isDisposed { return false }
            lock.unlock()
            waitBriefly()
            lock.lock()
        }
        nowServing += 1
        beginEmittingLocked(on: me)
        return true
    }

    /// Accepts and delivers `event`: `acceptLocked` and `emit` for a caller that needs nothing
    /// else under the lock.
    @inlinable final func send(_ event: Event<Item>) {
        lock.lock()
        sendUnlocking(event)
    }

    /// Under `lock`, which it releases: accepts `event` and delivers it if the caller became
    /// the emitter (`acceptLocked`, then `emit`). An element of a forwarding sink (merge's and
    /// switch's inner elements) with nobody delivering or waiting is delivered at once through
    /// `emitNext`, with no event built for the queue.
    @inlinable final func sendUnlocking(_ event: Event<Item>) {
        if forwardsItems, case .next(let item) = event, !done && deliversAtOnceLocked {
            beginEmittingLocked()
            lock.unlock()
            // A forwarding sink's `Item` is its `Element` (checked when it is made), so the cast
            // changes no bits, as in `emit`.
            emitNext { unsafeBitCast(item, to: Element.self) }
            return
        }
        let emitter = acceptLocked(event)
        lock.unlock()
        if emitter { emit(event) }
    }

    /// `transform(input)`, or nil once its error has been sent (a user's selector failing).
    @inlinable final func attempt<Input, Output>(_ transform: (Input) throws -> Output, _ input: Input) -> Output? {
        do {
            return try transform(input)
        } catch {
            send(.error(error))
            return nil
        }
    }

    /// Under `lock`, when nobody delivers (`deliversAtOnceLocked`, or a waiter's turn): makes
    /// the calling thread the emitter. It delivers after unlocking, with `emit` or, for an
    /// element it has not queued (the uncontended paths of `sendUnlocking` and combineLatest),
    /// with `emitNext`.
    @inlinable final func beginEmittingLocked(on thread: UInt = currentThreadID()) {
        emitState.store(Self.emittingBit, ordering: .relaxed)
        emitterThread = thread
    }

    /// Without `lock`: delivers the element `makeElement` returns (its error, if it throws) as
    /// the emitter `beginEmittingLocked` made the caller, then what was queued meanwhile.
    @inlinable @inline(__always) final func emitNext(_ makeElement: () throws -> Element) {
        if isDisposed { return }
        let event: Event<Element>
        do {
            event = .next(try makeElement())
        } catch {
            emitStop(thrown: error)
            return
        }
        // By value, through the downstream's pointer path: in place (a `var` handed `inout`)
        // cost merge and combineLatest 55 to 86 instructions an event more.
        downstream.on(event)
        emitQueued()
    }

    /// `emitStop` of an error an element's conversion threw: out of line, so that an emitting
    /// path (inlined into a source's handler) keeps no registers for it.
    @inlinable @inline(never) final func emitStop(thrown error: any Error) {
        emitStop(.error(error))
    }

    /// Without `lock`, as the emitter after a delivery: ends the emission, or delivers what was
    /// queued meanwhile (`nextQueued`). The queued case out of line, for the same reason as
    /// `emitStop(thrown:)`.
    @inlinable @inline(__always) final func emitQueued() {
        if stopEmittingIfNothingQueued() { return }
        emitQueuedSlowly()
    }

    /// `emitQueued` once something was queued.
    @inlinable @inline(never) final func emitQueuedSlowly() {
        if let next = nextQueuedSlowly() { emit(next) }
    }

    /// Without `lock`: delivers `first` (accepted by `acceptLocked`, which made the caller the
    /// emitter), then what was queued meanwhile. A terminal event disposes the sink.
    @inlinable final func emit(_ first: Event<Item>) {
        var next = first
        while true {
            if isDisposed { return }
            let event: Event<Element>
            switch next {
            case .next(let item):
                do {
                    event = .next(forwardsItems ? unsafeBitCast(item, to: Element.self) : try convert(item))
                } catch {
                    event = .error(error)
                }
            case .error(let error):
                event = .error(error)
            case .completed:
                event = .completed
            }
            if event.isStopEvent {
                emitStop(event)
                return
            }
            downstream.on(event)
            guard let queued = nextQueued() else { return }
            next = queued
        }
    }

    /// Without `lock`, as the emitter: delivers a terminal event, dropping whatever is queued,
    /// and disposes the sink.
    @inlinable final func emitStop(_ event: Event<Element>) {
        var stop = event
        emitStop(&stop)
    }

    /// `emitStop(_:)` for a terminal event the caller holds in place: no copy, and in code that
    /// runs unspecialised no pointer made for it (see `Downstream.forward(_:)`), since a
    /// terminal event also runs down a deep chain.
    @inlinable @inline(__always) final func emitStop(_ event: inout Event<Element>) {
        endQueue()
        downstream.forward(&event)
        dispose()
    }

    /// Marks the sink done and drops what is queued: out of line, so that a terminal event
    /// delivered in place (inlined into each operator's `on(_:)`) does not carry the queue's
    /// temporaries in every link's stack frame.
    @usableFromInline @inline(never) final func endQueue() {
        lock.withLock {
            done = true
            queue = nil
            queueHead = 0
        }
    }

    /// Without `lock`, as the emitter after a delivery: the next queued event, or nil when
    /// there is none, the caller then no longer being the emitter.
    ///
    /// With nothing queued since the delivery began, one compare-and-swap ends the emission
    /// (a lock round trip did): every sender that queues sets `queuedBit` first, under the
    /// lock, so a successful swap cannot strand an event, and a sender waiting for its turn
    /// sees the state cleared when it looks again under the lock.
    @inlinable final func nextQueued() -> Event<Item>? {
        if stopEmittingIfNothingQueued() { return nil }
        return nextQueuedSlowly()
    }

    /// The compare-and-swap of `nextQueued`: true if nothing was queued, the caller then no
    /// longer being the emitter.
    @inlinable @inline(__always) final func stopEmittingIfNothingQueued() -> Bool {
        emitState.compareExchange(expected: Self.emittingBit, desired: 0, ordering: .acquiringAndReleasing).exchanged
    }

    /// `nextQueued` once something was queued: the queue is read under the lock, and the
    /// emission ends there when it is empty.
    @usableFromInline final func nextQueuedSlowly() -> Event<Item>? {
        lock.lock()
        if let queue, queueHead < queue.count {
            let next = queue[queueHead]
            queueHead += 1
            lock.unlock()
            return next
        }
        if queueHead != 0 {
            queue?.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        emitState.store(0, ordering: .releasing)
        lock.unlock()
        return nil
    }
}

/// A serializing sink whose queued items are the elements themselves (sent as they are, with
/// no `convert`).
@usableFromInline class SerializingForwardingSink<Element>: SerializingSink<Element, Element>, @unchecked Sendable {
    @inlinable override init(downstream: Downstream<Element>) {
        super.init(forwardingTo: downstream)
    }

    /// A forwarding sink whose senders on other threads queue instead of waiting (see
    /// `sendersWait`).
    @inlinable init(downstream: Downstream<Element>, sendersWait: Bool) {
        super.init(forwardingTo: downstream, sendersWait: sendersWait)
    }

    /// `send(_:)` for an event the caller holds in place (its `on(_:)`'s `inout` argument):
    /// delivered, when the caller becomes the emitter, with no copy and no event rebuilt from
    /// it, which in code that runs unspecialised cost a large stack frame per link of a chain.
    @inlinable @inline(__always) final func sendInPlace(_ event: inout Event<Element>) {
        lock.lock()
        let emitter = acceptLocked(event)
        lock.unlock()
        if emitter { emitInPlace(&event) }
    }

    /// `emit(_:)` for an event the caller holds in place: delivers it as the emitter
    /// `acceptLocked` made the caller, then what was queued meanwhile.
    @inlinable @inline(__always) final func emitInPlace(_ event: inout Event<Element>) {
        if isDisposed { return }
        if event.isStopEvent {
            emitStop(&event)
            return
        }
        downstream.forward(&event)
        emitQueued()
    }
}

extension SerializingSink: ForwardingSinkProtocol {}
