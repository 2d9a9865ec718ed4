// A small service: it owns a DisposeBag, feeds a timer on a dispatch-queue scheduler into a
// subject of price updates, transforms them and prints what happens. It exits by itself.
import Dispatch
import Foundation
import Reactive

final class TickerService {
    let prices = PublishSubject<Double>()
    private let bag = DisposeBag()
    private let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "ticker.service")

    func start(ticks: Int, finished: @escaping @Sendable () -> Void) {
        // Consumers: every price, and alerts for the big ones.
        prices
            .map { String(format: "%.2f", $0) }
            .subscribe(onNext: { print("price  \($0)") }, onCompleted: { print("prices completed") }, onDisposed: { print("prices subscription disposed") })
            .disposed(by: bag)
        prices
            .filter { $0 > 101 }
            .subscribe(onNext: { print("ALERT  price above 101: \($0)") })
            .disposed(by: bag)

        // Producer: a timer on the service's queue drives the subject.
        let prices = self.prices
        Observable<Int>.interval(.milliseconds(100), scheduler: queue)
            .map { tick in 100 + sin(Double(tick)) * 2 }
            .subscribe(onNext: { price in
                prices.onNext(price)
            })
            .disposed(by: bag)

        _ = queue.scheduleRelative((), dueTime: .milliseconds(100 * ticks + 50)) { _ in
            prices.onCompleted()
            finished()
            return Disposables.create()
        }
    }
}

let done = DispatchSemaphore(value: 0)
var service: TickerService? = TickerService()
service?.start(ticks: 8) { done.signal() }
done.wait()
service = nil  // the bag disposes the timer subscription
print("service stopped")
