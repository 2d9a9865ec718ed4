// Hooks are called on whichever thread the error reaches: a hook may not touch main-actor state.
// expected-error: main actor-isolated property 'errors' can not be mutated from a Sendable closure
import Reactive

@MainActor final class ErrorLog {
    var errors: [String] = []

    func install() {
        Hooks.defaultErrorHandler = { _, error in self.errors.append("\(error)") }
    }
}
