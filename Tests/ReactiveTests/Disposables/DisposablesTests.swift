import Dispatch
import Reactive
import ReactiveBlocking
import ReactiveTest
import TestSupport
import XCTest

final class DisposablesTests: ReactiveTestCase {
    func testAnonymousDisposable_runsOnceFromManyThreads() {
        let count = Counter()
        let disposable = Disposables.create { count.increment() }
        let shared = Unchecked(disposable)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in shared.value.dispose() }
        XCTAssertEqual(count.value, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testBinaryDisposable_disposesBothOnce() {
        let a = BooleanDisposable(), b = BooleanDisposable()
        let both = Disposables.create(a, b)
        both.dispose()
        both.dispose()
        XCTAssertTrue(a.isDisposed && b.isDisposed && both.isDisposed)
    }

    func testCompositeDisposable_insertRemoveAndInsertAfterDispose() {
        let composite = CompositeDisposable()
        let a = BooleanDisposable(), b = BooleanDisposable(), late = BooleanDisposable()
        let keyA = composite.insert(a)
        composite.insert(b)
        XCTAssertEqual(composite.count, 2)
        composite.remove(for: keyA!)
        XCTAssertTrue(a.isDisposed)
        XCTAssertEqual(composite.count, 1)
        composite.dispose()
        XCTAssertTrue(b.isDisposed)
        XCTAssertNil(composite.insert(late))
        XCTAssertTrue(late.isDisposed, "inserting into a disposed composite disposes the item")
    }

    func testSerialDisposable_replacingDisposesPrevious() {
        let serial = SerialDisposable()
        let first = BooleanDisposable(), second = BooleanDisposable(), third = BooleanDisposable()
        serial.disposable = first
        serial.disposable = second
        XCTAssertTrue(first.isDisposed)
        XCTAssertFalse(second.isDisposed)
        serial.dispose()
        XCTAssertTrue(second.isDisposed)
        serial.disposable = third
        XCTAssertTrue(third.isDisposed)
    }

    func testSingleAssignmentDisposable_assignAfterDisposeDisposesAtOnce() {
        let single = SingleAssignmentDisposable()
        single.dispose()
        let inner = BooleanDisposable()
        single.setDisposable(inner)
        XCTAssertTrue(inner.isDisposed)
    }

    func testRefCountDisposable_disposesUnderlyingWhenPrimaryAndAllReferencesAreGone() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let r1 = refCount.retain(), r2 = refCount.retain()
        refCount.dispose()
        XCTAssertFalse(underlying.isDisposed)
        r1.dispose()
        r1.dispose()
        XCTAssertFalse(underlying.isDisposed, "disposing one reference twice counts once")
        r2.dispose()
        XCTAssertTrue(underlying.isDisposed)
    }

    func testScheduledDisposable_disposesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = BooleanDisposable()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
        scheduled.dispose()
        XCTAssertFalse(inner.isDisposed)
        scheduler.start()
        XCTAssertTrue(inner.isDisposed)
    }

    func testDisposeBag_disposesOnDeinit() {
        let inner = BooleanDisposable()
        var bag: DisposeBag? = DisposeBag()
        inner.disposed(by: bag!)
        bag = nil
        XCTAssertTrue(inner.isDisposed)
    }

    func testDisposeBag_prunesFinishedSubscriptions() {
        let bag = DisposeBag()
        for i in 0..<10_000 {
            Observable.just(i).subscribe().disposed(by: bag)
        }
        XCTAssertLessThan(bag.count, 32, "completed subscriptions do not accumulate")
    }

    func testDisposeBag_insertArrayAndBuilder_disposeEverythingWithTheBag() {
        let disposables = (0..<4).map { _ in BooleanDisposable() }
        var bag: DisposeBag? = DisposeBag()
        bag?.insert([disposables[0], disposables[1]])
        bag?.insert {
            disposables[2]
            disposables[3]
        }
        XCTAssertEqual(bag?.count, 4)
        XCTAssertFalse(disposables.contains { $0.isDisposed })
        bag = nil
        XCTAssertTrue(disposables.allSatisfy { $0.isDisposed })
    }

    func testCompositeDisposable_fourOrMore_disposesAll() {
        let disposables = (0..<6).map { _ in BooleanDisposable() }
        let composite = CompositeDisposable(disposables[0], disposables[1], disposables[2], disposables[3], disposables[4], disposables[5])
        XCTAssertEqual(composite.count, 6)
        composite.dispose()
        XCTAssertTrue(disposables.allSatisfy { $0.isDisposed })
        XCTAssertFalse(BooleanDisposable().isDisposed)
    }

    func testDisposeBase_countsItsInstancesInTheResourceTotal() {
        final class Custom: DisposeBase, Disposable, @unchecked Sendable {
            func dispose() {}
        }
        #if DEBUG
        let before = Resources.total
        var custom: Custom? = Custom()
        XCTAssertEqual(Resources.total, before + 1)
        custom?.dispose()
        custom = nil
        XCTAssertEqual(Resources.total, before)
        #endif
    }

}
