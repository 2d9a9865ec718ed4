/// A node of `InnerSinkList`: the list's links live in the node, so adding and removing an
/// inner subscription allocates nothing. `nextInList` is strong (the list owns its nodes through
/// it); `previousInList` should be `unowned(unsafe)`, which the list keeps valid.
@usableFromInline protocol InnerSinkListNode: AnyObject {
    var previousInList: Self? { get set }
    var nextInList: Self? { get set }
}

/// The inner subscriptions of an operator (merge, amb, …), kept under the operator's lock:
/// constant-time append and removal, no allocation.
@usableFromInline struct InnerSinkList<Node: InnerSinkListNode> {
    @usableFromInline var head: Node?
    @usableFromInline var tail: Node?
    @usableFromInline var count = 0

    @inlinable mutating func append(_ node: Node) {
        node.previousInList = tail
        node.nextInList = nil
        if let tail { tail.nextInList = node } else { head = node }
        tail = node
        count += 1
    }

    /// Removes `node` if it is in the list.
    @inlinable mutating func remove(_ node: Node) {
        guard node.previousInList != nil || head === node else { return }  // not in the list
        if let previous = node.previousInList { previous.nextInList = node.nextInList } else { head = node.nextInList }
        if let next = node.nextInList { next.previousInList = node.previousInList } else { tail = node.previousInList }
        node.previousInList = nil
        node.nextInList = nil
        count -= 1
    }

    /// The nodes, in order.
    @usableFromInline var all: [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        var node = head
        while let current = node {
            nodes.append(current)
            node = current.nextInList
        }
        return nodes
    }

    /// Unlinks every node.
    @inlinable mutating func removeAll() {
        var node = head
        while let current = node {
            node = current.nextInList
            current.previousInList = nil
            current.nextInList = nil
        }
        head = nil
        tail = nil
        count = 0
    }
}
