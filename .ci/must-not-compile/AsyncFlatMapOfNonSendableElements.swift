// Each element crosses to the task (and the actor) its closure runs on: it must be Sendable.
// expected-error: type 'Row' does not conform to the 'Sendable' protocol
import Reactive
final class Row { var title = "" }
func load(_ id: Int) async -> String { "\(id)" }
func rows(_ ids: Observable<Row>) -> Observable<String> {
    ids.flatMap { row in await load(row.title.count) }
}
