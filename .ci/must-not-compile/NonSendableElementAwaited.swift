// `value` hands the element to the awaiting task: it must be Sendable.
// expected-error: type 'Document' does not conform to the 'Sendable' protocol
import Reactive

final class Document {
    var text = ""
}

@MainActor func open(_ load: Single<Document>) async throws -> Document {
    try await load.value
}
