// Order scenarios: operators that, at one virtual time, dispose one thing and subscribe or send
// another. Each source is instrumented with do(onSubscribe:onDispose:…) and every step logged
// with its virtual time; Scripts/order-parity/run compiles this file against this library and
// against RxSwift 6 (imports swapped, nothing else) and compares the logs line by line. Only
// RxSwift-compatible API here.
import XCTest

/// Unchecked Sendable: each scenario runs on one thread (a `TestScheduler` runs its work on the
/// thread that calls `start`), so `lines` is never touched by two threads.
final class OrderLog: @unchecked Sendable {
    var lines: [String] = []
}

enum Boom: Error { case boom }

extension ObservableType {
    func logged(_ name: String, _ log: OrderLog, _ scheduler: TestScheduler) -> Observable<Element> {
        self.do(onNext: { log.lines.append("\(scheduler.clock) \(name) next \($0)") },
                onError: { _ in log.lines.append("\(scheduler.clock) \(name) error") },
                onCompleted: { log.lines.append("\(scheduler.clock) \(name) completed") },
                onSubscribe: { log.lines.append("\(scheduler.clock) \(name) subscribe") },
                onDispose: { log.lines.append("\(scheduler.clock) \(name) dispose") })
    }
}

final class OrderScenarios: XCTestCase {
    func run(_ title: String, disposed: Int = 1000, _ build: @escaping (TestScheduler, OrderLog) -> Observable<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let log = OrderLog()
        var subscription: Disposable?
        var source: Observable<Int>?
        scheduler.scheduleAt(100) { source = build(scheduler, log) }
        scheduler.scheduleAt(200) {
            subscription = source?.subscribe(onNext: { log.lines.append("\(scheduler.clock) OUT next \($0)") }, onError: { _ in log.lines.append("\(scheduler.clock) OUT error") }, onCompleted: { log.lines.append("\(scheduler.clock) OUT completed") }, onDisposed: { log.lines.append("\(scheduler.clock) OUT disposed") })
        }
        scheduler.scheduleAt(disposed) { subscription?.dispose() }
        scheduler.start()
        print("ORDER \(title): " + log.lines.joined(separator: " | "))
    }

    func hot(_ s: TestScheduler, _ events: [Recorded<Event<Int>>]) -> Observable<Int> { s.createHotObservable(events).asObservable() }
    func cold(_ s: TestScheduler, _ events: [Recorded<Event<Int>>]) -> Observable<Int> { s.createColdObservable(events).asObservable() }

    /// One line a scenario: `ORDER name: step | step | …`.
    func testScenarios() {
        run("take2") { s, l in self.hot(s, [.next(210, 1), .next(220, 2), .next(230, 3)]).logged("xs", l, s).take(2) }
        run("takeUntil") { s, l in self.hot(s, [.next(210, 1)]).logged("xs", l, s).take(until: self.hot(s, [.next(220, 9)]).logged("stop", l, s)) }
        run("takeWhile") { s, l in self.hot(s, [.next(210, 1), .next(220, 5)]).logged("xs", l, s).take(while: { $0 < 3 }) }
        run("skipUntil") { s, l in self.hot(s, [.next(210, 1), .next(230, 2), .completed(240)]).logged("xs", l, s).skip(until: self.hot(s, [.next(220, 9)]).logged("go", l, s)) }
        run("timeoutError") { s, l in self.cold(s, [.next(50, 1)]).logged("xs", l, s).timeout(.seconds(20), scheduler: s) }
        run("timeoutOther") { s, l in self.cold(s, [.next(50, 1)]).logged("xs", l, s).timeout(.seconds(20), other: self.cold(s, [.next(5, 7), .completed(10)]).logged("ys", l, s), scheduler: s) }
        run("amb") { s, l in self.hot(s, [.next(210, 1), .completed(230)]).logged("xs", l, s).amb(self.hot(s, [.next(220, 2)]).logged("ys", l, s)) }
        run("catch") { s, l in self.cold(s, [.error(10, Boom.boom)]).logged("xs", l, s).catch { _ in self.cold(s, [.next(5, 3), .completed(10)]).logged("ys", l, s) } }
        run("retry") { s, l in self.cold(s, [.next(5, 1), .error(10, Boom.boom)]).logged("xs", l, s).retry(2) }
        run("retryWhen") { s, l in self.cold(s, [.error(10, Boom.boom)]).logged("xs", l, s).retry { (e: Observable<Error>) in e.take(1) } }
        run("concat") { s, l in Observable.concat(self.cold(s, [.next(5, 1), .completed(10)]).logged("xs", l, s), self.cold(s, [.completed(10)]).logged("ys", l, s)) }
        run("flatMapLatest") { s, l in self.hot(s, [.next(210, 1), .next(220, 2), .completed(240)]).logged("xs", l, s).flatMapLatest { v in self.cold(s, [.next(5, v), .completed(30)]).logged("inner\(v)", l, s) } }
        run("flatMapInnerError") { s, l in self.hot(s, [.next(210, 1), .next(220, 2)]).logged("xs", l, s).flatMap { v in self.cold(s, [.error(v == 2 ? 5 : 50, Boom.boom)]).logged("inner\(v)", l, s) } }
        run("concatMap") { s, l in self.hot(s, [.next(210, 1), .next(215, 2), .completed(216)]).logged("xs", l, s).concatMap { v in self.cold(s, [.next(5, v), .completed(10)]).logged("inner\(v)", l, s) } }
        run("flatMapFirst") { s, l in self.hot(s, [.next(210, 1), .next(215, 2), .completed(230)]).logged("xs", l, s).flatMapFirst { v in self.cold(s, [.next(5, v), .completed(10)]).logged("inner\(v)", l, s) } }
        run("mergeError") { s, l in Observable.merge(self.hot(s, [.next(210, 1)]).logged("xs", l, s), self.hot(s, [.error(220, Boom.boom)]).logged("ys", l, s)) }
        run("combineLatestComplete") { s, l in Observable.combineLatest(self.hot(s, [.next(210, 1), .completed(230)]).logged("xs", l, s), self.hot(s, [.next(220, 2), .completed(240)]).logged("ys", l, s)) { $0 + $1 } }
        run("combineLatestError") { s, l in Observable.combineLatest(self.hot(s, [.next(210, 1)]).logged("xs", l, s), self.hot(s, [.error(220, Boom.boom)]).logged("ys", l, s)) { $0 + $1 } }
        run("zipComplete") { s, l in Observable.zip(self.hot(s, [.next(210, 1), .completed(215)]).logged("xs", l, s), self.hot(s, [.next(220, 2), .next(225, 3)]).logged("ys", l, s)) { $0 + $1 } }
        run("withLatestFrom") { s, l in self.hot(s, [.next(210, 1), .next(230, 3), .completed(240)]).logged("xs", l, s).withLatestFrom(self.hot(s, [.next(220, 2), .completed(225)]).logged("ys", l, s)) }
        run("share") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).share() }
        run("shareReplayForever") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).share(replay: 1, scope: .forever) }
        run("publishRefCount", disposed: 215) { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).publish().refCount() }
        run("replayAllConnect") { s, l in
            let c = self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).replayAll()
            _ = c.connect()
            return c.asObservable()
        }
        run("asSingleTwo") { s, l in self.hot(s, [.next(210, 1), .next(220, 2)]).logged("xs", l, s).asSingle().asObservable() }
        run("asSingleOne") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).asSingle().asObservable() }
        run("asMaybeEmpty") { s, l in self.hot(s, [.completed(220)]).logged("xs", l, s).asMaybe().asObservable() }
        run("singleFlatMap") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).asSingle().flatMap { v in self.cold(s, [.next(5, v), .completed(5)]).logged("inner", l, s).asSingle() }.asObservable() }
        run("andThen") { s, l in self.cold(s, [.completed(10)]).logged("xs", l, s).ignoreElements().asCompletable().andThen(self.cold(s, [.next(5, 1), .completed(10)]).logged("ys", l, s)) }
        run("subscribeOnTest") { s, l in self.cold(s, [.next(10, 1), .completed(20)]).logged("xs", l, s).subscribe(on: s) }
        run("observeOnTest") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).observe(on: s) }
        run("delaySubscription") { s, l in self.cold(s, [.next(10, 1), .completed(20)]).logged("xs", l, s).delaySubscription(.seconds(5), scheduler: s) }
        run("delay") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).delay(.seconds(5), scheduler: s) }
        run("debounce") { s, l in self.hot(s, [.next(210, 1), .completed(212)]).logged("xs", l, s).debounce(.seconds(5), scheduler: s) }
        run("sample") { s, l in self.hot(s, [.next(210, 1), .completed(230)]).logged("xs", l, s).sample(self.hot(s, [.next(220, 0), .completed(240)]).logged("tick", l, s)) }
        run("using") { s, l in Observable.using({ () -> SingleAssignmentDisposable in let r = SingleAssignmentDisposable(); r.setDisposable(Disposables.create { l.lines.append("\(s.clock) resource dispose") }); return r }, observableFactory: { _ in self.cold(s, [.next(5, 1), .completed(10)]).logged("xs", l, s) }) }
        run("startWith") { s, l in self.cold(s, [.completed(10)]).logged("xs", l, s).startWith(0) }
        run("switchLatestInnerError") { s, l in self.hot(s, [.next(210, 1)]).logged("xs", l, s).flatMapLatest { _ in self.cold(s, [.error(5, Boom.boom)]).logged("inner", l, s) } }
        run("groupByComplete") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).groupBy { $0 }.flatMap { $0.asObservable() } }
        run("bufferCount") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).buffer(timeSpan: .seconds(100), count: 1, scheduler: s).map { $0.count } }
        run("distinctElementAt") { s, l in self.hot(s, [.next(210, 1), .next(220, 2)]).logged("xs", l, s).element(at: 1) }
        run("flatMapCompleteIdle") { s, l in self.hot(s, [.next(210, 1), .completed(230)]).logged("xs", l, s).flatMap { v in self.cold(s, [.next(5, v), .completed(10)]).logged("inner", l, s) } }
        run("flatMapLatestCompleteIdle") { s, l in self.hot(s, [.next(210, 1), .completed(230)]).logged("xs", l, s).flatMapLatest { v in self.cold(s, [.next(5, v), .completed(10)]).logged("inner", l, s) } }
        run("concatMapCompleteIdle") { s, l in self.hot(s, [.next(210, 1), .completed(230)]).logged("xs", l, s).concatMap { v in self.cold(s, [.next(5, v), .completed(10)]).logged("inner", l, s) } }
        run("flatMapFirstCompleteBusy") { s, l in self.hot(s, [.next(210, 1), .completed(212)]).logged("xs", l, s).flatMapFirst { v in self.cold(s, [.next(5, v), .completed(10)]).logged("inner", l, s) } }
        run("mergeArrayComplete") { s, l in Observable.merge([self.hot(s, [.completed(210)]).logged("xs", l, s), self.hot(s, [.completed(220)]).logged("ys", l, s)]) }
        run("mergeMaxConcurrentComplete") { s, l in Observable.of(self.cold(s, [.completed(10)]).logged("xs", l, s), self.cold(s, [.completed(20)]).logged("ys", l, s)).merge(maxConcurrent: 1) }
        run("switchLatestObservables") { s, l in Observable.just(self.cold(s, [.next(5, 1), .completed(10)]).logged("inner", l, s)).switchLatest() }
        run("ignoreElements") { s, l in self.hot(s, [.next(210, 1), .completed(220)]).logged("xs", l, s).ignoreElements().asObservable().map { _ in 0 } }
        run("firstOrNil") { s, l in self.hot(s, [.next(210, 1)]).logged("xs", l, s).first().asObservable().map { $0 ?? -1 } }
    }
}
