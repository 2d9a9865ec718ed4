/// Events waiting for a drain, first in, first out: `observe(on:)`'s, and a subscriber's actor's
/// (`ActorDeliverySink`). Kept under its owner's lock.
struct EventQueue<Element> {
    private var events: [Event<Element>] = []
    private var head = 0

    /// Nothing waits.
    var isEmpty: Bool { head == events.count }

    mutating func append(_ event: Event<Element>) {
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
