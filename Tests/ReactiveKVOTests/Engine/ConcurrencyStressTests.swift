import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest
import TestSupport
import XCTest

/// Observation from several threads at once: bounded in rounds and time, meant to be run under
/// ThreadSanitizer and AddressSanitizer as well.
final class KVOConcurrencyStressTests: LeakCheckingTestCase {
    func testFirstObservationOfAFreshObject_fromFourThreadsAtOnce_registersEveryObserver() throws {
        for _ in 0..<300 {
            let person = Person()
            let shared = LockedBox(person)  // the engine is thread-safe; the model class is not Sendable
            let delivered = Counter()
            let observations = Collector<KeyValueObservation>()
            let keys = ["name", "age", "nickname", "tags"]
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                let key = keys[index]
                let observation = try? shared.value.observe(key, options: .new) { _, _ in delivered.increment() }
                if let observation { observations.append(observation) }
            }
            XCTAssertEqual(observations.values.count, 4)
            person.name = "Bo"
            person.age += 1
            person.nickname = "b"
            person.tags = ["x"]
            XCTAssertEqual(delivered.value, 4, "each of the four observers heard its own key")
            observations.values.forEach { $0.invalidate() }
        }
    }

    func testSetFromInsideAnObserver_leavesLaterObserversStale_andIsReportedOnce() throws {
        let reports = Collector<GrammarViolation>()
        let previous = Hooks.grammarViolationHandler
        Hooks.grammarViolationHandler = { violation in reports.append(violation) }
        defer { Hooks.grammarViolationHandler = previous }
        let person = Person()
        var second: [Int] = []
        let first = try person.observe("age", options: .new) { person, change in
            if change.newValue as? Int == 31 { person.age = 32 }
        }
        let other = person.rx.observe(Int.self, "age", options: .new).subscribe(onNext: { second.append($0 ?? -1) })
        person.age = 31
        person.age = 31
        XCTAssertEqual(person.age, 32)
        XCTAssertEqual(second, [32, 31, 32, 31], "the later observer hears the nested set first and ends stale")
        #if DEBUG
        XCTAssertEqual(reports.values.map(\.kind), [.reentrantDelivery], "reported once per key")
        XCTAssertEqual(reports.values.first?.operatorName, "Person.age")
        #endif
        first.invalidate()
        other.dispose()
    }

    /// What `invalidate()` and `removeObserver` promise (their doc comments, the README): once
    /// they return, no change made afterwards is delivered; the callback another thread was
    /// already delivering may still start, one per setting thread (here, one).
    func testInvalidate_whileAnotherThreadSets_atMostTheCallbackInFlightArrivesAfterward() throws {
        try assertRemovalWhileAnotherThreadSets_atMostTheCallbackInFlightArrivesAfterward { person, callback in
            let observation = try person.observe("age", options: .new) { _, change in callback(change) }
            return { observation.invalidate() }
        }
    }

    func testRemoveObserver_whileAnotherThreadSets_atMostTheCallbackInFlightArrivesAfterward() throws {
        final class Observer: KeyValueObserving, @unchecked Sendable {
            let callback: (KeyValueChange) -> Void
            init(_ callback: @escaping (KeyValueChange) -> Void) { self.callback = callback }
            func observeValue(forKeyPath keyPath: String, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?) {
                callback(change)
            }
        }
        try assertRemovalWhileAnotherThreadSets_atMostTheCallbackInFlightArrivesAfterward { person, callback in
            let observer = Observer(callback)
            try person.addObserver(observer, forKeyPath: "age", options: .new)
            return { withExtendedLifetime(observer) { _ = person.removeObserver(observer, forKeyPath: "age") } }
        }
    }

    /// `register` observes a person's `age` with the callback it is given, and returns how to
    /// stop; 300 times, while another thread sets the age, it stops at a varying moment.
    private func assertRemovalWhileAnotherThreadSets_atMostTheCallbackInFlightArrivesAfterward(_ register: (Person, @escaping (KeyValueChange) -> Void) throws -> () -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        let person = Person()
        let shared = LockedBox(person)
        let started = LockedBox(-1)
        let finished = Flag()
        let done = DispatchSemaphore(value: 0)
        Thread {
            var value = 0
            while !finished.isSet {
                started.mutate { $0 = value }
                shared.value.age = value
                value += 1
            }
            done.signal()
        }.start()
        var afterInvalidate = 0
        var worst = 0
        for round in 0..<300 {
            let late = Collector<Int>()
            let invalidated = LockedBox<Int?>(nil)
            let stop = try register(person) { change in
                let value = change.newValue as? Int ?? -1
                invalidated.mutate { if $0 != nil { late.append(value) } }
            }
            if round % 3 != 0 { Thread.sleep(forTimeInterval: 0.000_02) }
            stop()
            invalidated.mutate { $0 = started.value }
            Thread.sleep(forTimeInterval: 0.000_05)
            let lastStarted = invalidated.value ?? .max
            worst = max(worst, late.values.count)
            afterInvalidate += late.values.filter { $0 > lastStarted }.count
        }
        finished.set()
        done.wait()
        XCTAssertEqual(afterInvalidate, 0, "a change made after the removal returned was delivered", file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 1, "more than the callback in flight arrived after the removal returned", file: file, line: line)
    }

    func testMutableArray_mutatedOnOneThreadWhileObserversComeAndGo_everyMutationReachesAWitness() throws {
        // Observers with and without a prior callback come and go, so mutations switch between
        // the plain path and the will/did pair while another thread mutates.
        let person = Person()
        let witnessed = Counter()
        let witness = try person.observe("tags", options: [.new]) { _, change in
            if change.kind == .insertion || change.kind == .removal { witnessed.increment() }
        }
        let tags = try person.mutableArrayValue(forKey: "tags")
        let shared = LockedBox(tags)
        let mutations = Counter()
        let removals = Counter()
        let stop = Flag()
        let done = DispatchSemaphore(value: 0)
        Thread {
            var round = 0
            while !stop.isSet {
                do {
                    if round % 3 == 2 {
                        try shared.value.remove(at: 0)
                        removals.increment()
                    } else {
                        try shared.value.append("x")
                    }
                    mutations.increment()
                } catch {
                    XCTFail("\(error)")
                }
                round += 1
            }
            done.signal()
        }.start()
        // The rounds start once the mutator runs, so they overlap it even on a loaded machine.
        waitUntil(timeout: 10) { mutations.value != 0 }
        for round in 0..<300 {
            let options: KeyValueObservingOptions = round % 2 == 0 ? [.new, .old] : [.new, .prior]
            let observation = try person.observe("tags", options: options) { _, change in
                _ = change.indexes?.count
            }
            if round % 3 != 0 { Thread.sleep(forTimeInterval: 0.000_02) }
            observation.invalidate()
        }
        stop.set()
        done.wait()
        witness.invalidate()
        XCTAssertGreaterThan(mutations.value, 0)
        XCTAssertEqual(witnessed.value, mutations.value, "a mutation did not reach an observer registered throughout")
        XCTAssertEqual(person.tags.count, mutations.value - 2 * removals.value)
    }

    func testRegisteringForAComputedKey_doesNotEvaluateIt() throws {
        let model = CountingGetter()
        let observation = try model.observe("doubled", options: .new) { _, _ in }
        XCTAssertTrue(try model.addObserver(KVORecorder(), forKeyPath: "doubled"))
        XCTAssertEqual(model.evaluations.value, 0, "the getter is user code: registering does not run it")
        observation.invalidate()
        XCTAssertThrowsError(try model.setValue(2, forKey: "doubled")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .readOnlyKey(className: "CountingGetter", key: "doubled"))
        }
        XCTAssertEqual(model.evaluations.value, 0)
    }

    func testRxObserveWithOld_disposedOnOneThreadWhileSetOnAnother_neverCrashes() {
        for round in 0..<200 {
            let person = Person()
            let shared = LockedBox(person)
            let stop = Flag()
            let subscription = person.rx.observe(Int.self, "age", options: [.new, .old]).subscribe(onNext: { _ in })
            let change = person.rx.observeChange("age").subscribe(onNext: { _ in })
            let setter = Thread {
                var value = 0
                while !stop.isSet {
                    value += 1
                    shared.value.age = value
                }
            }
            setter.start()
            if round % 2 == 0 { Thread.sleep(forTimeInterval: 0.000_05) }
            subscription.dispose()
            change.dispose()
            stop.set()
            while !setter.isFinished { Thread.sleep(forTimeInterval: 0.000_01) }
        }
    }

    /// An object released on one thread while another subscribes to what ends with it: every
    /// subscription keeps the grammar (one end, nothing after it, no overlap) and ends, whether
    /// it came before the release (its end then comes from the release) or after it (at once).
    func testObjectReleasedOnOneThread_whileAnotherSubscribesToItsEnd_everySubscriptionEndsOnce() {
        final class Watched: KeyValueObservable {
            let keyValueRegistrar = KeyValueRegistrar()
            @Observed var value = 0
            weak var peer: Watched? {
                willSet { willChangeValue(forKey: "peer") }
                didSet { didChangeValue(forKey: "peer") }
            }
            static var computedKeys: [String: PartialKeyPath<Watched>] { ["peer": \Watched.peer] }
        }
        for round in 0..<300 {
            let holder = LockedBox<Watched?>(Watched())
            let peer = Watched()
            holder.value?.peer = peer
            let checker = ContractChecker()
            let ends = Counter()
            let violations = Collector<String>()
            let subscriptions = Collector<Disposable>()
            let started = DispatchSemaphore(value: 0)
            let subscriber = Thread {
                guard let object = holder.value else { started.signal(); return }
                let deallocated = object.rx.deallocated.map { "gone" }
                let weakly = object.rx.observeWeakly(Int.self, "peer.value").map { "\($0.map(String.init) ?? "nil")" }
                let typed = object.rx.observe(\.value).map { "\($0)" }
                started.signal()
                for observable in [deallocated, weakly, typed, deallocated] {
                    let ended = Flag()
                    subscriptions.append(observable.subscribe { event in
                        checker.enter()
                        if ended.isSet { violations.append("\(event) after the end") }
                        if event.isStopEvent {
                            ended.set()
                            ends.increment()
                        }
                        checker.leave()
                    })
                }
            }
            subscriber.start()
            started.wait()
            if round % 2 == 0 { Thread.sleep(forTimeInterval: 0.000_02) }
            holder.mutate { $0 = nil }
            waitUntil(timeout: 10) { subscriber.isFinished }
            waitUntil(timeout: 10) { ends.value == 4 }
            XCTAssertEqual(ends.value, 4, "round \(round): every subscription ended")
            XCTAssertEqual(violations.values, [])
            XCTAssertEqual(checker.overlaps, 0)
            subscriptions.values.forEach { $0.dispose() }
            withExtendedLifetime(peer) {}
        }
    }
}

/// A computed key whose getter counts its evaluations.
final class CountingGetter: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var base = 1
    let evaluations = Counter()
    var doubled: Int {
        evaluations.increment()
        return base * 2
    }

    static var computedKeys: [String: PartialKeyPath<CountingGetter>] { ["doubled": \CountingGetter.doubled] }
    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        key == "doubled" ? ["base"] : []
    }
}

/// An observer that records nothing (registration only).
final class KVORecorder: KeyValueObserving {
    func observeValue(forKeyPath keyPath: String, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?) {}
}
