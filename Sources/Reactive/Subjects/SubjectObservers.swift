/// The subscribers of a subject, kept under the subject's lock; shared by every subject.
///
/// A lone subscriber is stored inline, so a subject with one subscriber allocates nothing for
/// it; two or more are all kept in one array, so that an event's snapshot of them is one
/// retain. A subscriber that is still receiving its initial replay (`BehaviorSubject`,
/// `ReplaySubject`) is "pending": events sent meanwhile are queued for it and delivered, in
/// order, after the replay, instead of overtaking it from another thread.
@usableFromInline struct SubjectObservers<Element> {
    @usableFromInline typealias Entry = (key: Int, observer: Downstream<Element>)

    // The lone subscriber, in two fields rather than an optional tuple: reading its observer
    // then copies only the observer on the per-event path. Set through `setLone`.
    @usableFromInline private(set) var loneObserver: Downstream<Element>?
    /// The lone subscriber's handler when it has no context (see `ContextFreeHandler`), so that
    /// an event retains only its target; nil when it has one, or when there is no lone
    /// subscriber.
    @usableFromInline private(set) var loneContextFreeHandler: ContextFreeHandler<Element>?
    @usableFromInline var loneKey = 0
    /// Every subscriber, in order, when there are two or more (then `loneObserver` is nil); else
    /// nil. An optional, so that the common paths test a pointer: unspecialised, an array's
    /// `count` is a generic call that looks up the entry type's metadata.
    @usableFromInline var several: ContiguousArray<Entry>?
    /// The pending subscribers and their queues; nil when there are none, so that the common
    /// paths test a pointer.
    @usableFromInline var pending: PendingSubscribers?
    @usableFromInline var nextKey = 0

    @inlinable init() {}

    /// Sets the lone subscriber and what the per-event path reads of it.
    @inlinable mutating func setLone(_ observer: consuming Downstream<Element>) {
        loneContextFreeHandler = ContextFreeHandler(observer.handler)
        loneObserver = consume observer
    }

    /// Removes the lone subscriber. Apart from `setLone` because it runs unspecialised (see
    /// `remove`), where assigning nil needs no metadata but a generic call would.
    @inlinable @inline(__always) mutating func clearLone() {
        loneObserver = nil
        loneContextFreeHandler = nil
    }

    /// The lone subscriber's target, a strong copy; only under the subject's lock and while
    /// there is one (`loneContextFreeHandler` is only set with it, both through `setLone` and
    /// `clearLone`). Read without the optional's check: an optional chain here made the
    /// optimiser copy all of `SubjectObservers` to read one field.
    @inlinable var loneTarget: AnyObject { loneObserver.unsafelyUnwrapped.target }

    @inlinable var isEmpty: Bool { loneObserver == nil && several == nil }

    /// Every subscriber, in order.
    @usableFromInline var all: ContiguousArray<Entry> {
        if let several { return several }
        return loneObserver.map { [(loneKey, $0)] } ?? []
    }

    /// Adds a subscriber; a pending one receives nothing until `takePending` says it is live.
    @inlinable mutating func insert(_ observer: consuming Downstream<Element>, pending isPending: Bool = false) -> Int {
        let key = nextKey
        nextKey += 1
        if let lone = loneObserver {
            several = [(loneKey, lone), (key, consume observer)]
            clearLone()
        } else if several != nil {
            several?.append((key, consume observer))
        } else {
            setLone(consume observer)
            loneKey = key
        }
        if isPending { addPending(key) }
        return key
    }

    /// Removes a subscriber, returning it (for the caller to release after unlocking: releasing
    /// a sink may run user code); nil if it was not there.
    ///
    /// Inlined, and the lone-subscriber case needs no generic call: a subscription disposes
    /// through a witness table, so this runs unspecialised, where each generic call looks up
    /// type metadata (hundreds of instructions each).
    @inlinable @inline(__always) mutating func remove(_ key: Int) -> Downstream<Element>? {
        if pending != nil { removePending(key) }
        if several != nil { return removeOneOfSeveral(key) }
        guard loneKey == key, let lone = loneObserver else { return nil }
        clearLone()
        return lone
    }

    @usableFromInline mutating func removeOneOfSeveral(_ key: Int) -> Downstream<Element>? {
        guard let index = several?.firstIndex(where: { $0.key == key }) else { return nil }
        let removed = several?.remove(at: index).observer
        if several?.count == 1, let (key, observer) = several?.first {
            loneKey = key
            setLone(observer)
            several = nil
        }
        return removed
    }

    /// Marks `key` pending. In the library and never specialised: it needs nothing of the
    /// element type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    mutating func addPending(_ key: Int) {
        if let pending {
            pending.add(key)
        } else {
            pending = PendingSubscribers(key)
        }
    }

    @usableFromInline mutating func removePending(_ key: Int) {
        guard let pending else { return }
        pending.remove(key)
        if pending.isEmpty { self.pending = nil }
    }

    /// Sends `event` to the subscribers of the moment; a terminal event also removes them.
    ///
    /// Called holding `lock`, which it releases before calling any subscriber (they may
    /// subscribe, dispose or send). Inlined, so that an event costs one retain (of the lone
    /// sink, or of the array of several), taken under the lock.
    ///
    /// Static, reading the subject's `observers` afresh each time, rather than a `mutating`
    /// method: a `mutating` method's access to `self` lasts until it returns, and exclusivity
    /// promises that nothing else changes `self` meanwhile, so the optimiser may read the
    /// subscribers in place instead of copying them, even after unlocking, when other threads
    /// do change them. A read of a class's property ends at once: a copy is the caller's own.
    @inlinable @inline(__always) static func send<Subject: SubjectObserving>(_ event: Event<Element>, of subject: Subject, unlocking lock: borrowing Lock) where Subject.Element == Element {
        guard subject.observers.pending == nil, case .next = event else {
            subject.observers.sendQueueingOrEnding(event, unlocking: lock)
            return
        }
        if let handler = subject.observers.loneContextFreeHandler {
            // Retained under the lock: a disposal after unlocking cannot free it mid-delivery.
            let target = subject.observers.loneTarget
            lock.unlock()
            handler.on(event, to: target)
            return
        }
        guard let several = subject.observers.several else {
            if subject.observers.loneObserver == nil {
                lock.unlock()
            } else {
                sendToLoneWithContext(event, of: subject, unlocking: lock)
            }
            return
        }
        lock.unlock()
        withUnsafePointer(to: event) { event in
            for entry in several { entry.observer.on(at: event) }
        }
    }

    /// `send` for an event the caller holds in place (a multicast connection's, see
    /// `PublishSubject.on(inPlace:)`): delivered to each subscriber without a copy or a pointer
    /// made for it, so that a chain of `publish().refCount()` costs fewer stack frames a link.
    @inlinable @inline(__always) static func sendInPlace<Subject: SubjectObserving>(_ event: inout Event<Element>, of subject: Subject, unlocking lock: borrowing Lock) where Subject.Element == Element {
        guard subject.observers.pending == nil, case .next = event else {
            subject.observers.sendQueueingOrEnding(event, unlocking: lock)
            return
        }
        if let lone = subject.observers.loneObserver {
            lock.unlock()
            lone.forward(&event)
        } else if let several = subject.observers.several {
            lock.unlock()
            for entry in several { entry.observer.forward(&event) }
        } else {
            lock.unlock()
        }
    }

    /// `send` to a lone subscriber whose handler has a context (made in unspecialised code): out
    /// of line, so that `send`, inlined into each subject's `on(_:)`, stays small
    /// enough for `on(_:)` itself to be inlined into its callers.
    @inlinable @inline(never) static func sendToLoneWithContext<Subject: SubjectObserving>(_ event: Event<Element>, of subject: Subject, unlocking lock: borrowing Lock) where Subject.Element == Element {
        let lone = subject.observers.loneObserver
        lock.unlock()
        lone?.on(event)
    }

    /// `send` for a terminal event or while a subscriber is pending: out of line, since a
    /// subject sees it rarely.
    ///
    /// It may unlock inside its own access (unlike `send`): what it delivers to after unlocking
    /// is a new array, or the array of several moved out of `self`, never read in place.
    @usableFromInline mutating func sendQueueingOrEnding(_ event: Event<Element>, unlocking lock: borrowing Lock) {
        let live = event.isStopEvent ? removeAll(delivering: event) : liveQueueingPending(event)
        lock.unlock()
        var event = event
        for entry in live { entry.observer.forward(&event) }
    }

    /// The live subscribers, in order; the pending ones get `event` queued instead.
    @usableFromInline mutating func liveQueueingPending(_ event: Event<Element>) -> ContiguousArray<Entry> {
        var live = ContiguousArray<Entry>()
        for entry in all {
            if let pending, pending.contains(entry.key) {
                // Sound: only this function makes the queues of these subscribers, each of
                // this element type.
                let queue = unsafeDowncast(pending.queue(of: entry.key, orMake: { QueuedEvents<Element>() }), to: QueuedEvents<Element>.self)
                queue.events.append(event)
            } else {
                live.append(entry)
            }
        }
        return live
    }

    /// Removes every subscriber, returning those a terminal event goes to now. Pending
    /// subscribers keep their queue (ending with `event`) until they drain it.
    @usableFromInline mutating func removeAll(delivering event: Event<Element>) -> ContiguousArray<Entry> {
        let live = pending == nil ? all : liveQueueingPending(event)
        clearLone()
        several = nil
        return live
    }

    /// Takes the events queued for a pending subscriber; when none are left it becomes live
    /// (returns nil). Also nil if the subscriber was removed.
    @inlinable mutating func takePending(_ key: Int) -> [Event<Element>]? {
        // Sound: the queues of this subject's subscribers are all of its element type (see
        // `liveQueueingPending`).
        takePendingQueue(key).map { unsafeDowncast($0, to: QueuedEvents<Element>.self).events }
    }

    /// `takePending` in the library, never specialised: see `PendingSubscribers.take`.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    mutating func takePendingQueue(_ key: Int) -> AnyObject? {
        guard let pending else { return nil }
        let queue = pending.take(key)
        if pending.isEmpty { self.pending = nil }
        return queue
    }
}

extension Downstream {
    /// Ends a subscription to a subject that has ended (`stopped`, its terminal event) or was
    /// disposed (`stopped` nil: `RxError.disposed` naming `subject`). Out of line and never
    /// specialised: rare, and the same for every element type, where each subject's
    /// `subscribe` is specialised in the app for the subscription that goes on.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func endLateSubscription(_ stopped: StopEvent?, subject: AnyObject) {
        if let stopped {
            on(stopped.retyped())
        } else {
            on(.error(RxError.disposed(object: subject)))
        }
    }
}

/// A subject's terminal event, stored without the element type: with an `Event<Element>?`
/// field, every subject's (unspecialised) deinit looked up that type's metadata.
@usableFromInline typealias StopEvent = Event<Never>

extension Event where Element == Never {
    /// The terminal `event`; nil for a `next`.
    @inlinable init?<Other>(stopping event: Event<Other>) {
        switch event {
        case .next: return nil
        case .error(let error): self = .error(error)
        case .completed: self = .completed
        }
    }

    /// The same terminal event for an observer of `Other` elements.
    @inlinable func retyped<Other>(as _: Other.Type = Other.self) -> Event<Other> {
        switch self {
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

/// A subject that keeps its subscribers in `observers`, under its lock (see `SubjectObservers.send`).
@usableFromInline protocol SubjectObserving: AnyObject {
    associatedtype Element
    var observers: SubjectObservers<Element> { get set }
}

/// What a subject's subscription needs from its subject to end.
@usableFromInline package protocol SubjectUnsubscribing: AnyObject, Sendable {
    func unsubscribe(_ key: Int)
}

/// Delivers a pending subscriber's queued events until `take` (which calls `takePending` under
/// the subject's lock) says it is live.
@inlinable func drainPending<Element>(to observer: Downstream<Element>, _ take: () -> [Event<Element>]?) {
    while let queued = take() {
        for event in queued { observer.on(event) }
    }
}
