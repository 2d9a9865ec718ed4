// An async operator's closure written in nonisolated code is not isolated to the main actor:
// it may not write main-actor state (written in @MainActor code, it may: see the corpus).
// expected-error: main actor-isolated property 'pending' can not be mutated from a Sendable closure
import Reactive
@MainActor final class SearchModel {
    var pending = 0
}
nonisolated func track(_ queries: Observable<String>, model: SearchModel) -> Observable<Int> {
    queries.concatMap { query in
        model.pending += 1
        return query.count
    }
}
