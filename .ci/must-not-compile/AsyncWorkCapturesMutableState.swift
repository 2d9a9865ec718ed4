// The work of `Single.create(work:)` runs in a task: a mutable local it captures would be
// shared between the task and the caller.
// expected-error: mutation of captured var 'attempts' in concurrently-executing code
import Reactive

func fetch() -> Single<Int> {
    var attempts = 0
    return Single.create {
        attempts += 1
        return attempts
    }
}
