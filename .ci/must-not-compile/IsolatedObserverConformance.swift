// A main-actor observer given to a subscription: Rx calls `on` on whichever thread sends, so an
// observer whose conformance only holds on the main actor would race.
// expected-error: cannot form main actor-isolated conformance of 'Label' to SendableMetatype-inheriting protocol 'ObserverType'
import Reactive

@MainActor final class Label: @MainActor ObserverType {
    var text = ""
    func on(_ event: Event<String>) {
        if case .next(let value) = event { text = value }
    }
}
