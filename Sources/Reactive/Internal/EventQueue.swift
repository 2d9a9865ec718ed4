/// Events waiting for a drain, first in, first out: `observe(on:)`'s, and a subscriber's actor's
/// (`ActorDeliverySink`). Kept under its owner's lock.
@usableFromInline struct EventQueue<Element> {
    @usableFromInline var events: [Event<Element>] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    /// Nothing waits.
    @inlinable var isEmpty: Bool { head == events.count }

    @inlinable mutating func append(_ event: Event<Element>) {
        events.append(event)
    }

    /// The first waiting event, removed; nil when nothing waits.
    mutating func popFirst() -> Event<Element>? {
        guard head < events.count else { return nil }
        let event = events[head]
        head += 1
        if head == events.count {
            events.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }

    /// Moves every waiting event into `batch` (whose own events must have been delivered and
    /// removed, its capacity kept), leaving this queue `batch`'s storage: a drain takes a batch
    /// with no allocation once both have grown.
    @inlinable mutating func moveAll(into batch: inout [Event<Element>]) {
        if head > 0 {
            events.removeFirst(head)
            head = 0
        }
        swap(&events, &batch)
    }

    /// Every waiting event, taken out: for the owner to release after unlocking (an element's
    /// deinit may be user code).
    mutating func takeAll() -> [Event<Element>] {
        defer {
            events = []
            head = 0
        }
        return events
    }
}
