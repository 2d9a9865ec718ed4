import Observation
import Reactive
import XCTest

/// RxSwift's alias `RxObservable`, in a file that also uses Observation's `@Observable`.
final class RxObservableTests: ReactiveTestCase {
    @Observable final class Counter {
        var count = 0
    }

    func testRxObservable_namesTheObservableWhereObservationHidesIt() {
        let counter = Counter()
        let counts: RxObservable<Int> = RxObservable.of(1, 2, 3)
        var received: [Int] = []
        _ = counts.subscribe(onNext: { counter.count += $0; received.append($0) })
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(counter.count, 6)
    }
}
