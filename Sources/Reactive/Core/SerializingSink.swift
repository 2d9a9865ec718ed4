/// The base of every sink fed by more than one source (merge, combineLatest, zip, timeout, …):
/// events may arrive on several threads at once, yet reach the downstream observer one at a time
/// and in the order they were accepted, and no lock is held while calling out.
///
/// Callers decide under `lock` (the operator's own state lives under the same lock) and call
/// `acceptLocked`; the one caller that becomes the emitter delivers after unlocking with `emit`,
/// and keeps delivering what other threads (or re-entrant calls) queued meanwhile. `Item` is what
/// is queued; `convert` turns it into the element sent (combineLatest queues the latest values
/// and runs the user's result selector while emitting, outside the lock and in order).
@usableFromInline class SerializingSink<Item, Element>: Sink {
    @usableFromInline final let downstream: Downstream<Element>
    @usableFromInline final let lock = Lock()
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline final var queue = ContiguousArray<Event<Item>>()
    @exclusivity(unchecked) @usableFromInline final var queueHead = 0
    @exclusivity(unchecked) @usableFromInline final var emitting = false
    /// A terminal event was accepted: later events are dropped. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline final var done = false
    /// `Item` is `Element` and items are sent as they are (`SerializingForwardingSink`). Checked
    /// in `emit` before calling `convert`, which is reached through the vtable and so runs
    /// unspecialised: an identity `convert` would copy each element through value witnesses.
    @usableFromInline final let forwardsItems: Bool

    @inlinable init(downstream: Downstream<Element>) {
        self.downstream = downstream
        forwardsItems = false
        super.init()
    }

    @inlinable init(forwardingTo downstream: Downstream<Element>) {
        precondition(Item.self == Element.self, "Internal inconsistency: a forwarding sink converts nothing")
        self.downstream = downstream
        forwardsItems = true
        super.init()
    }

    /// Turns a queued item into the element sent; runs outside the lock, one call at a time.
    /// Not called for a forwarding sink (`forwardsItems`).
    @usableFromInline func convert(_ item: Item) throws -> Element {
        fatalError("SerializingSink subclasses override convert(_:)")
    }

    /// Under `lock`: accepts `event` for delivery, unless a terminal event was accepted before.
    /// Returns true when the caller became the emitter: it must call `emit(event)` after unlocking.
    @inlinable final func acceptLocked(_ event: Event<Item>) -> Bool {
        if done { return false }
        if event.isStopEvent { done = true }
        if emitting {
            queue.append(event)
            return false
        }
        emitting = true
        return true
    }

    /// Accepts and delivers `event`: `acceptLocked` and `emit` for a caller that needs nothing
    /// else under the lock.
    @inlinable final func send(_ event: Event<Item>) {
        lock.lock()
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
                lock.withLock {
                    done = true
                    queue.removeAll()
                    queueHead = 0
                }
                downstream.on(event)
                dispose()
                return
            }
            downstream.on(event)
            lock.lock()
            if queueHead < queue.count {
                next = queue[queueHead]
                queueHead += 1
                lock.unlock()
            } else {
                if queueHead != 0 {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                emitting = false
                lock.unlock()
                return
            }
        }
    }
}

/// A serializing sink whose queued items are the elements themselves (sent as they are, with
/// no `convert`).
@usableFromInline class SerializingForwardingSink<Element>: SerializingSink<Element, Element> {
    @inlinable override init(downstream: Downstream<Element>) {
        super.init(forwardingTo: downstream)
    }
}

extension SerializingSink: ForwardingSinkProtocol {}
