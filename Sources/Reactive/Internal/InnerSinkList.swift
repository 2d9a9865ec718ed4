/// A sink its parent keeps in an `InnerSinkList`: the list's links live in the sink, so adding
/// and removing an inner subscription allocates nothing.
///
/// Not generic, like the list: a parent's `dispose()` is reached through the `Disposable`
/// witness, which runs the generic parent's unspecialised code, where every generic type it
/// touches would be a metadata lookup in the runtime's cache.
@usableFromInline class ListedSink: Sink {
    /// Guarded by the parent's lock; the list keeps it valid.
    @usableFromInline unowned(unsafe) var previousInList: ListedSink?
    /// Guarded by the parent's lock. Strong: the list owns its nodes through it.
    @usableFromInline var nextInList: ListedSink?

    @inlinable override init() {
        super.init()
    }
}

/// The inner subscriptions of an operator (merge, flatMap, combineLatest, …), kept under the
/// operator's lock: constant-time append and removal, no allocation.
@usableFromInline struct InnerSinkList {
    @usableFromInline var head: ListedSink?
    @usableFromInline var tail: ListedSink?

    @inlinable init() {}

    @inlinable mutating func append(_ node: ListedSink) {
        node.previousInList = tail
        node.nextInList = nil
        if let tail { tail.nextInList = node } else { head = node }
        tail = node
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
        while let node = next {
            next = node.nextInList
            node.nextInList = nil
            node.previousInList = nil
            node.dispose()
        }
    }
}
