import Dispatch
import Foundation
import Reactive
import Testing

/// Swift Testing runs `@MainActor` tests on the main queue, which on Linux is served by a worker
/// thread once `dispatchMain()` runs: the main schedulers must count that as the main queue, as
/// RxSwift's `DispatchQueue.isMain` does, not ask `Thread.isMainThread`.
@MainActor
@Suite struct MainQueueTests {
    private let mainQueueMarker: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Other suites run in parallel and may have work of their own queued on `MainScheduler`
    /// (then it queues behind them, as it must): so it is tried until nothing is queued.
    @Test func mainScheduler_onTheMainQueue_runsAtOnce() async {
        var ranAtOnce = false
        for _ in 0..<1_000 where !ranAtOnce {
            var ran = false
            _ = MainScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            ranAtOnce = ran
            if !ran { try? await Task.sleep(nanoseconds: 1_000_000) }
        }
        #expect(ranAtOnce, "on the main queue with nothing queued (main thread: \(Thread.isMainThread))")
    }

    @Test func concurrentMainScheduler_onTheMainQueue_runsAtOnce() {
        var ran = false
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            ran = true
            return Disposables.create()
        }
        #expect(ran)
    }

    @Test func driveAndObserveOnMain_fromTheMainQueue_doNotTrap() async {
        var received: [Int] = []
        let relay = BehaviorRelay(value: 1)
        let driven = relay.asDriver().drive(onNext: { received.append($0) })
        let observed = relay.observe(on: MainScheduler.instance).subscribe(onNext: { received.append($0 * 10) })
        relay.accept(2)
        // At once unless another suite's work is queued on the main scheduler: then after it.
        for _ in 0..<5_000 where received.count < 4 {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        // Each subscription in order (a Driver has a `MainScheduler` of its own, as in RxCocoa).
        #expect(received.filter { $0 < 10 } == [1, 2])
        #expect(received.filter { $0 >= 10 } == [10, 20])
        driven.dispose()
        observed.dispose()
    }

    @Test func mainScheduler_offTheMainQueue_hops() async {
        let mainQueueMarker = mainQueueMarker
        let ranOnMainQueue = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                _ = MainScheduler.instance.schedule(()) { _ in
                    done.resume(returning: DispatchQueue.getSpecific(key: mainQueueMarker) == true)
                    return Disposables.create()
                }
            }
        }
        #expect(ranOnMainQueue)
    }
}
