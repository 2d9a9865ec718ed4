// An async operator's closure runs in a task: a mutable local it captures would be shared
// between the tasks and the caller.
// expected-error: mutation of captured var 'searches' in concurrently-executing code
import Reactive
func search(_ q: String) async throws -> [String] { [q] }
func counted(_ queries: Observable<String>) -> Observable<[String]> {
    var searches = 0
    return queries.flatMapLatest { query in
        searches += 1
        return try await search(query)
    }
}
