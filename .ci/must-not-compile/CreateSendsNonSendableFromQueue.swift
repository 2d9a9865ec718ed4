// The observer `create` hands out may be captured by a queue; a non-Sendable value captured
// with it may not.
// expected-error: capture of 'buffer' with non-Sendable type 'Buffer' in a '@Sendable' closure
import Dispatch
import Reactive

final class Buffer {
    var bytes: [UInt8] = []
}

func read(into buffer: Buffer) -> Observable<Int> {
    Observable.create { observer in
        DispatchQueue.global().async {
            buffer.bytes.append(1)
            observer.onNext(buffer.bytes.count)
        }
        return Disposables.create()
    }
}
