// Compiled by .ci/run with a 2-second limit per expression: user code combining 2 to 8
// sources with a selector body made of operators must type-check as fast as with RxSwift.
import Reactive

func combineEveryArity() -> [Observable<Int>] {
    let a = Observable.just(1), b = Observable.just(2), c = Observable.just(3), d = Observable.just(4)
    let e = Observable.just(5), f = Observable.just(6), g = Observable.just(7), h = Observable.just(8)
    return [
        Observable.combineLatest(a, b) { $0 + $1 },
        Observable.combineLatest(a, b, c) { $0 + $1 + $2 },
        Observable.combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 },
        Observable.combineLatest(a, b, c, d, e) { $0 + $1 + $2 + $3 + $4 },
        Observable.combineLatest(a, b, c, d, e, f) { $0 + $1 + $2 + $3 + $4 + $5 },
        Observable.combineLatest(a, b, c, d, e, f, g) { $0 + $1 + $2 + $3 + $4 + $5 + $6 },
        Observable.combineLatest(a, b, c, d, e, f, g, h) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 },
        Observable.zip(a, b) { $0 + $1 },
        Observable.zip(a, b, c) { $0 + $1 + $2 },
        Observable.zip(a, b, c, d) { $0 + $1 + $2 + $3 },
        Observable.zip(a, b, c, d, e) { $0 + $1 + $2 + $3 + $4 },
        Observable.zip(a, b, c, d, e, f) { $0 + $1 + $2 + $3 + $4 + $5 },
        Observable.zip(a, b, c, d, e, f, g) { $0 + $1 + $2 + $3 + $4 + $5 + $6 },
        Observable.zip(a, b, c, d, e, f, g, h) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 },
    ]
}
