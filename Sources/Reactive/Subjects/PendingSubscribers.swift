/// The subscribers of a subject that are still receiving their initial replay ("pending", see
/// `SubjectObservers`), and the events sent to each meanwhile. Kept under the subject's lock.
///
/// Not generic: marking a subscriber pending and finding it live again happen at every
/// subscription to a `BehaviorSubject` or a `ReplaySubject`, in code specialised in the app for
/// each element type. With a dictionary of `Event<Element>` arrays there, each element type
/// compiled its own copy of the dictionary's code into the app; here that code is compiled once,
/// in the library, and needs no type's metadata. Only the rare path, an event sent while a
/// subscriber is pending, makes a queue of a generic type (`QueuedEvents`).
@usableFromInline final class PendingSubscribers {
    /// The pending subscribers' keys, in the order they subscribed.
    private var keys: [Int]
    /// The events sent to a pending subscriber since it subscribed (or since its last drain),
    /// for those that were sent some: each a `QueuedEvents` of the subject's element type.
    private var queues: [Int: AnyObject] = [:]

    /// One pending subscriber, `key`.
    @usableFromInline init(_ key: Int) {
        keys = [key]
    }

    @usableFromInline var isEmpty: Bool { keys.isEmpty }

    @usableFromInline func add(_ key: Int) {
        keys.append(key)
    }

    @usableFromInline func contains(_ key: Int) -> Bool {
        keys.contains(key)
    }

    /// The queue of `key`, made with `makeQueue` when it has none yet.
    func queue(of key: Int, orMake makeQueue: () -> AnyObject) -> AnyObject {
        if let queue = queues[key] { return queue }
        let queue = makeQueue()
        queues[key] = queue
        return queue
    }

    /// `key` is no longer pending: disposed, or live.
    @usableFromInline func remove(_ key: Int) {
        keys.removeAll { $0 == key }
        queues[key] = nil
    }

    /// For the drain of `key`'s queue: its queued events, taken out, while the subscriber
    /// stays pending for what is sent as it delivers them. Nil when nothing is queued (the
    /// subscriber is then live, and removed from here; after a terminal event nothing more is
    /// sent, so the drain ends at its next call) or when `key` is not pending (it was disposed).
    @usableFromInline func take(_ key: Int) -> AnyObject? {
        guard contains(key) else { return nil }
        guard let queue = queues.removeValue(forKey: key) else {
            remove(key)
            return nil
        }
        return queue
    }
}

/// The events sent to one pending subscriber meanwhile, in order.
@usableFromInline final class QueuedEvents<Element> {
    @usableFromInline var events: [Event<Element>] = []

    init() {}
}
