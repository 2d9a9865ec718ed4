/// The subscribers of a subject, kept under the subject's lock; shared by every subject.
///
/// The first subscriber is stored inline, so a subject with one subscriber allocates nothing for
/// it. A subscriber that is still receiving its initial replay (`BehaviorSubject`,
/// `ReplaySubject`) is "pending": events sent meanwhile are queued for it and delivered, in
/// order, after the replay, instead of overtaking it from another thread.
@usableFromInline struct SubjectObservers<Element> {
    @usableFromInline typealias Entry = (key: Int, observer: Downstream<Element>)

    @usableFromInline var first: Entry?
    @usableFromInline var rest: ContiguousArray<Entry> = []
    @usableFromInline var pending: [Int: [Event<Element>]] = [:]
    @usableFromInline var nextKey = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { first == nil && rest.isEmpty }

    /// Adds a subscriber; a pending one receives nothing until `takePending` says it is live.
    @inlinable mutating func insert(_ observer: Downstream<Element>, pending isPending: Bool = false) -> Int {
        let key = nextKey
        nextKey += 1
        if first == nil && rest.isEmpty {
            first = (key, observer)
        } else {
            rest.append((key, observer))
        }
        if isPending { pending[key] = [] }
        return key
    }

    /// Removes a subscriber; false if it was not there.
    @inlinable mutating func remove(_ key: Int) -> Bool {
        pending.removeValue(forKey: key)
        if let entry = first, entry.key == key {
            first = rest.isEmpty ? nil : rest.removeFirst()
            return true
        }
        if let index = rest.firstIndex(where: { $0.key == key }) {
            rest.remove(at: index)
            return true
        }
        return false
    }

    /// The subscribers an event goes to now; pending subscribers get it queued instead.
    @inlinable mutating func recipients(of event: Event<Element>) -> SubjectRecipients<Element> {
        if pending.isEmpty { return SubjectRecipients(first: first?.observer, rest: rest) }
        return recipientsQueueingPending(event)
    }

    @usableFromInline mutating func recipientsQueueingPending(_ event: Event<Element>) -> SubjectRecipients<Element> {
        var live = ContiguousArray<Entry>()
        for entry in [first].compactMap({ $0 }) + rest {
            if pending[entry.key] != nil {
                pending[entry.key]!.append(event)
            } else {
                live.append(entry)
            }
        }
        return SubjectRecipients(first: nil, rest: live)
    }

    /// Removes every subscriber, returning those a terminal event goes to now.
    @inlinable mutating func removeAll(delivering event: Event<Element>) -> SubjectRecipients<Element> {
        let recipients = self.recipients(of: event)
        first = nil
        rest = []
        // Pending subscribers keep their queue (ending with `event`) until they drain it.
        return recipients
    }

    /// Takes the events queued for a pending subscriber; when none are left it becomes live
    /// (returns nil). Also nil if the subscriber was removed.
    @inlinable mutating func takePending(_ key: Int) -> [Event<Element>]? {
        guard let queued = pending[key] else { return nil }
        if queued.isEmpty {
            pending.removeValue(forKey: key)
            return nil
        }
        pending[key] = []
        if queued.last?.isStopEvent == true { pending.removeValue(forKey: key) }
        return queued
    }
}

/// A snapshot of the subscribers an event goes to, taken under the lock and used after it.
@usableFromInline struct SubjectRecipients<Element> {
    @usableFromInline let first: Downstream<Element>?
    @usableFromInline let rest: ContiguousArray<(key: Int, observer: Downstream<Element>)>

    @inlinable init(first: Downstream<Element>?, rest: ContiguousArray<(key: Int, observer: Downstream<Element>)>) {
        self.first = first
        self.rest = rest
    }

    @inlinable func deliver(_ event: Event<Element>) {
        var event = event
        first?.forward(&event)
        for entry in rest { entry.observer.forward(&event) }
    }
}

/// What a subject's subscription needs from its subject to end.
@usableFromInline protocol SubjectUnsubscribing: AnyObject {
    func unsubscribe(_ key: Int)
}

/// A subscription to a subject: a value that fits an existential's inline storage, so returning
/// it allocates nothing. Disposing it again does nothing (the key is gone).
@usableFromInline struct SubjectSubscription<Subject: SubjectUnsubscribing>: Disposable {
    @usableFromInline let subject: Subject
    @usableFromInline let key: Int

    @inlinable init(_ subject: Subject, _ key: Int) {
        self.subject = subject
        self.key = key
    }

    @inlinable func dispose() { subject.unsubscribe(key) }
}

/// Delivers a pending subscriber's queued events until `take` (which calls `takePending` under
/// the subject's lock) says it is live.
@inlinable func drainPending<Element>(to observer: Downstream<Element>, _ take: () -> [Event<Element>]?) {
    while let queued = take() {
        for event in queued { observer.on(event) }
    }
}
