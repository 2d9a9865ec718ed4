// Each result crosses back from the actor its closure ran on: it must be Sendable.
// expected-error: type 'Page' does not conform to the 'Sendable' protocol
import Reactive
final class Page { var items: [String] = [] }
func fetchPage(_ n: Int) async -> Page { Page() }
func pages(_ numbers: Observable<Int>) -> Observable<Page> {
    numbers.concatMap { await fetchPage($0) }
}
