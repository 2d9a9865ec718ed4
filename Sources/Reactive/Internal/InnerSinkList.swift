/// A sink its parent keeps in an `InnerSinkList`: the list's links live in the sink, so adding
/// and removing an inner subscription allocates nothing.
///
/// Not generic, like the list: a parent's `dispose()` is reached through the `Disposable`
/// witness, which runs the generic parent's unspecialised code, where every generic type it
/// touches would be a metadata lookup in the runtime's cache.
@usableFromInline class ListedSink: Sink, @unchecked Sendable {
    // Both guarded by the parent's lock. Unchecked exclusivity: a dynamic check would only add a
    // thread-local lookup to every access.
    /// The node before this one; the list keeps it valid.
    @exclusivity(unchecked) @usableFromInline final unowned(unsafe) var previousInList: ListedSink?
    /// The node after this one. Strong: the list owns its nodes through it.
    @exclusivity(unchecked) @usableFromInline final var nextInList: ListedSink?

    @inlinable override init() {
        super.init()
    }
}

/// The inner subscriptions of an operator (merge and its forms: flatMap, concatMap, …), kept
/// under the operator's lock: constant-time append and removal, no allocation.
@usableFromInline struct InnerSinkList {
    @usableFromInline var head: ListedSink?
    /// Owned through the chain from `head`, like every node.
    @usableFromInline unowned(unsafe) var tail: ListedSink?

    @inlinable init() {}

    /// Appends `node` (in no list), taking the caller's reference to it.
    @inlinable mutating func append(_ node: consuming ListedSink) {
        node.previousInList = tail
        guard let last = tail else {
            tail = node
            head = consume node
            return
        }
        tail = node
        last.nextInList = consume node
    }

    /// Removes `node` if it is in the list.
    @inlinable mutating func remove(_ node: ListedSink) {
        guard node.previousInList != nil || head === node else { return }  // not in the list
        if let previous = node.previousInList { previous.nextInList = node.nextInList } else { head = node.nextInList }
        if let next = node.nextInList { next.previousInList = node.previousInList } else { tail = node.previousInList }
        node.previousInList = nil
        node.nextInList = nil
    }

    /// Empties the list and returns its first node: the caller then owns the chain, to walk
    /// with `disposeAll` once the lock is released. The parent must not `remove` any node
    /// afterwards.
    @inlinable mutating func takeAll() -> ListedSink? {
        defer {
            head = nil
            tail = nil
        }
        return head
    }

    /// Disposes every node of a chain from `takeAll`, unlinking as it goes (so a long chain is
    /// not released recursively).
    @inlinable static func disposeAll(_ first: consuming ListedSink?) {
        var next = first
        while let node = next.take() {
            next = node.nextInList.take()
            node.previousInList = nil
            node.dispose()
        }
    }
}
