// An async operator's closure written in nonisolated code runs on the global executor, in
// tasks that may overlap: it may not capture the caller's non-Sendable state.
// expected-error: capture of 'cache' with non-Sendable type 'ResultCache' in a '@Sendable' closure
import Reactive
final class ResultCache {
    var entries: [String: [String]] = [:]
    func lookup(_ q: String) async -> [String] { entries[q] ?? [] }
}
func cached(_ queries: Observable<String>) -> Observable<[String]> {
    let cache = ResultCache()
    return queries.flatMapLatest { query in await cache.lookup(query) }
}
