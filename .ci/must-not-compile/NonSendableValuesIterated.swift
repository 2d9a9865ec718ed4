// `values` hands elements to another task through a stream: they must be Sendable.
// expected-error: type 'Node' does not conform to the 'Sendable' protocol
import Reactive

final class Node {
    var children: [Node] = []
}

func walk(_ nodes: Observable<Node>) async throws -> Int {
    var count = 0
    for try await _ in nodes.values { count += 1 }
    return count
}
