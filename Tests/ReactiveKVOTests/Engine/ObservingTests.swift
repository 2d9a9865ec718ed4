import Foundation
import ReactiveKVO
import TestSupport
import XCTest

final class ObservingTests: KVOTestCase {
    func testOptions_eachAloneAndCombined() throws {
        let person = Person()
        let none = Recorder(), new = Recorder(), old = Recorder(), initial = Recorder(), prior = Recorder(), all = Recorder()
        try person.addObserver(none, forKeyPath: "name")
        try person.addObserver(new, forKeyPath: "name", options: .new)
        try person.addObserver(old, forKeyPath: "name", options: .old)
        try person.addObserver(initial, forKeyPath: "name", options: [.initial, .new])
        try person.addObserver(prior, forKeyPath: "name", options: .prior)
        try person.addObserver(all, forKeyPath: "name", options: [.new, .old, .initial, .prior])
        person.name = "Bob"
        XCTAssertEqual(none.changes.map(describe), ["setting"])
        XCTAssertEqual(new.changes.map(describe), ["setting new=Bob"])
        XCTAssertEqual(old.changes.map(describe), ["setting old=Ann"])
        XCTAssertEqual(initial.changes.map(describe), ["setting new=Ann", "setting new=Bob"])
        XCTAssertEqual(prior.changes.map(describe), ["setting prior", "setting"])
        XCTAssertEqual(all.changes.map(describe), ["setting new=Ann", "setting prior old=Ann", "setting old=Ann new=Bob"])
        for recorder in [none, new, old, initial, prior, all] { person.removeObserver(recorder, forKeyPath: "name") }
        XCTAssertEqual(person.observationCount, 0)
    }

    func testContext_tellsRegistrationsApart() throws {
        // Unique addresses, as `static void *Context = &Context;` gives in Objective-C.
        let baseContext = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        let subContext = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        defer {
            baseContext.deallocate()
            subContext.deallocate()
        }
        let person = Person()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "age", options: .new, context: baseContext)
        try person.addObserver(recorder, forKeyPath: "age", options: .new, context: subContext)
        person.age = 31
        let contexts = recorder.callbacks.map(\.context)
        XCTAssertEqual(contexts.count, 2)
        XCTAssertTrue(contexts.contains(baseContext))
        XCTAssertTrue(contexts.contains(subContext))
        XCTAssertTrue(person.removeObserver(recorder, forKeyPath: "age", context: baseContext))
        person.age = 32
        XCTAssertEqual(recorder.callbacks.last?.context, subContext)
        XCTAssertEqual(recorder.callbacks.count, 3)
        person.removeObserver(recorder, forKeyPath: "age")
    }

    func testDuplicateAdd_isIgnored_removeTwiceAndUnknown_areNoOps() throws {
        let person = Person()
        let recorder = Recorder()
        XCTAssertTrue(try person.addObserver(recorder, forKeyPath: "name"))
        XCTAssertFalse(try person.addObserver(recorder, forKeyPath: "name"), "same observer, key path and context")
        person.name = "B"
        XCTAssertEqual(recorder.changes.count, 1)
        XCTAssertTrue(person.removeObserver(recorder, forKeyPath: "name"))
        XCTAssertFalse(person.removeObserver(recorder, forKeyPath: "name"))
        XCTAssertFalse(person.removeObserver(recorder, forKeyPath: "age"))
        person.name = "C"
        XCTAssertEqual(recorder.changes.count, 1)
    }

    func testReleasedObserver_isNeverCalled_andLeavesNothing() throws {
        let person = Person()
        var recorder: Recorder? = Recorder()
        weak let weakRecorder = recorder
        try person.addObserver(recorder!, forKeyPath: "name")
        recorder = nil
        XCTAssertNil(weakRecorder, "the engine holds observers weakly")
        person.name = "B"
        XCTAssertEqual(person.observationCount, 0)
        try person.addObserver(Recorder(), forKeyPath: "name")  // purges the dead registration
        XCTAssertEqual(person.observationCount, 0)
    }

    func testReleasedObject_leavesNoRegistration_andTokenInvalidatesSafely() throws {
        var person: Person? = Person()
        weak let weakPerson = person
        let recorder = Recorder()
        try person!.addObserver(recorder, forKeyPath: "name")
        let token = try person!.observe(\.name) { _, _ in XCTFail("no callback after deallocation") }
        person = nil
        XCTAssertNil(weakPerson, "registrations do not keep the object alive")
        token.invalidate()
        XCTAssertTrue(recorder.changes.isEmpty)
    }

    func testManualNotification_andNestedPairsNotifyOnceAtOutermostDid() throws {
        let manual = Manual()
        let recorder = Recorder()
        try manual.addObserver(recorder, forKeyPath: "value", options: [.old, .new])
        manual.value = 1
        XCTAssertTrue(recorder.changes.isEmpty, "automatic notification is off for `value`")
        manual.willChangeValue(forKey: "value")
        manual.willChangeValue(forKey: "value")
        manual.value = 2
        manual.didChangeValue(forKey: "value")
        XCTAssertTrue(recorder.changes.isEmpty, "the inner did does not notify")
        manual.didChangeValue(forKey: "value")
        XCTAssertEqual(recorder.changes.map(describe), ["setting old=1 new=2"])
        manual.removeObserver(recorder, forKeyPath: "value")
    }

    func testDependentKeys_notifyWithRecomputedValue() throws {
        let download = Download()
        let recorder = Recorder()
        try download.addObserver(recorder, forKeyPath: "downloadProgress", options: [.old, .new])
        download.writtenData = 50
        download.totalData = 200
        XCTAssertEqual(recorder.changes.map(describe), ["setting old=0.0 new=0.5", "setting old=0.5 new=0.25"])
        download.removeObserver(recorder, forKeyPath: "downloadProgress")
        download.writtenData = 60
        XCTAssertEqual(recorder.changes.count, 2)
    }

    func testDependentKeys_chainOfDependencies_andCycleIsAnError() throws {
        let chained = Chained()
        let recorder = Recorder()
        try chained.addObserver(recorder, forKeyPath: "summary", options: .new)
        chained.count = 3
        XCTAssertEqual(recorder.changes.map(describe), ["setting new=[n=3]"])
        chained.removeObserver(recorder, forKeyPath: "summary")
        XCTAssertThrowsError(try Cyclic().addObserver(recorder, forKeyPath: "a")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .dependencyCycle(className: "Cyclic", keys: ["a", "b", "a"]))
            XCTAssertTrue("\(error)".contains("cycle: a → b → a"))
        }
    }

    /// Appends "a", inserts "b" first, replaces "a" by "c", removes "b", appends "d", removes all.
    private func applyEveryKindOfMutation(to tags: KeyValueMutableArray) throws {
        try tags.append("a")
        try tags.insert("b", at: 0)
        try tags.replace(at: 1, with: "c")
        try tags.remove(at: 0)
        try tags.append("d")
        tags.removeAll()
    }

    func testMutableArray_notifiesKindsIndexesAndElements() throws {
        let person = Person()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "tags", options: [.old, .new, .prior])
        let tags = try person.mutableArrayValue(forKey: "tags")
        try applyEveryKindOfMutation(to: tags)
        person.tags = ["x"]
        XCTAssertEqual(recorder.changes.map(describe), [
            "insertion prior at=[0]", "insertion new=[\"a\"] at=[0]",
            "insertion prior at=[0]", "insertion new=[\"b\"] at=[0]",
            "replacement prior old=[\"a\"] at=[1]", "replacement old=[\"a\"] new=[\"c\"] at=[1]",
            "removal prior old=[\"b\"] at=[0]", "removal old=[\"b\"] at=[0]",
            "insertion prior at=[1]", "insertion new=[\"d\"] at=[1]",
            "removal prior old=[\"c\", \"d\"] at=[0, 1]", "removal old=[\"c\", \"d\"] at=[0, 1]",
            "setting prior old=[]", "setting old=[] new=[\"x\"]",
        ])
        XCTAssertThrowsError(try tags.append(1)) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .typeMismatch(className: "Person", key: "tags", expected: "String", actual: "Int"))
        }
        XCTAssertThrowsError(try tags.remove(at: 5))
        XCTAssertThrowsError(try person.mutableArrayValue(forKey: "name")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .notAnArray(className: "Person", key: "name", type: "String"))
        }
        person.removeObserver(recorder, forKeyPath: "tags")
    }

    func testMutableArray_withoutPrior_takesThePlainPath_andReportsTheSameChanges() throws {
        // Without a prior callback a mutation notifies once, after it (no will/did pair): the
        // same kinds, indexes and elements as with one; indexes are made when read.
        for options: KeyValueObservingOptions in [[.old, .new], [.new], [.old], []] {
            let person = Person()
            let recorder = Recorder()
            try person.addObserver(recorder, forKeyPath: "tags", options: options)
            let tags = try person.mutableArrayValue(forKey: "tags")
            try applyEveryKindOfMutation(to: tags)
            tags.removeAll()  // empty: nothing
            XCTAssertThrowsError(try tags.append(1)) { error in
                XCTAssertEqual(error as? KeyValueCodingError, .typeMismatch(className: "Person", key: "tags", expected: "String", actual: "Int"))
            }
            XCTAssertThrowsError(try tags.insert("e", at: 2)) { error in
                XCTAssertEqual(error as? KeyValueCodingError, .indexOutOfRange(className: "Person", key: "tags", index: 2, count: 0))
            }
            let old = options.contains(.old)
            let new = options.contains(.new)
            XCTAssertEqual(recorder.changes.map(describe), [
                "insertion" + (new ? " new=[\"a\"]" : "") + " at=[0]",
                "insertion" + (new ? " new=[\"b\"]" : "") + " at=[0]",
                "replacement" + (old ? " old=[\"a\"]" : "") + (new ? " new=[\"c\"]" : "") + " at=[1]",
                "removal" + (old ? " old=[\"b\"]" : "") + " at=[0]",
                "insertion" + (new ? " new=[\"d\"]" : "") + " at=[1]",
                "removal" + (old ? " old=[\"c\", \"d\"]" : "") + " at=[0, 1]",
            ], "\(options)")
            XCTAssertEqual(person.tags, [])
            person.removeObserver(recorder, forKeyPath: "tags")
        }
    }

    func testMutableArray_unobserved_changesTheArrayAndTellsNobody() throws {
        let person = Person()
        let tags = try person.mutableArrayValue(forKey: "tags")
        try tags.append("a")
        try tags.insert("b", at: 0)
        try tags.replace(at: 0, with: "c")
        XCTAssertEqual(person.tags, ["c", "a"])
        try tags.remove(at: 1)
        XCTAssertEqual(person.tags, ["c"])
        XCTAssertEqual(try tags.element(at: 0) as? String, "c")
    }

    func testDottedPath_leafChange_intermediateReplacedAndNil() throws {
        let person = Person()
        let first = Address(city: "Oslo")
        person.address = first
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "address.city", options: [.old, .new])
        first.city = "Rome"
        let second = Address(city: "Lima")
        person.address = second
        first.city = "ignored: no longer on the path"
        second.city = "Kyiv"
        person.address = nil
        second.city = "ignored too"
        XCTAssertEqual(recorder.changes.map(describe), ["setting old=Oslo new=Rome", "setting old=Rome new=Lima", "setting old=Lima new=Kyiv", "setting old=Kyiv"])
        XCTAssertEqual(first.observationCount, 0, "nothing left on the replaced intermediate")
        XCTAssertEqual(second.observationCount, 0)
        XCTAssertTrue(person.removeObserver(recorder, forKeyPath: "address.city"))
        XCTAssertEqual(person.observationCount, 0)
    }

    func testDottedPath_threeSteps_andDeallocatedIntermediate() throws {
        let person = Person()
        person.address = Address()
        person.address?.street = Street()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "address.street.number", options: [.new, .initial])
        person.address?.street?.number = 7
        person.address?.street = Street()
        XCTAssertEqual(recorder.changes.map(describe), ["setting new=1", "setting new=7", "setting new=1"])
        person.removeObserver(recorder, forKeyPath: "address.street.number")

        // `friend` is weak: when the friend is deallocated, observers of `friend.name` get nil.
        var friend: Person? = Person(name: "Zoe")
        person.friend = friend
        let friendRecorder = Recorder()
        try person.addObserver(friendRecorder, forKeyPath: "friend.name", options: .new)
        friend?.name = "Zed"
        friend = nil
        XCTAssertEqual(friendRecorder.changes.map(describe), ["setting new=Zed", "setting"])
        person.removeObserver(friendRecorder, forKeyPath: "friend.name")
        XCTAssertEqual(person.observationCount, 0)
    }

    func testDottedPath_priorOption_precedesEveryChange_atTheLeafAndAtAnIntermediate() throws {
        let person = Person()
        person.address = Address()
        person.address?.street = Street()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "address.street.number", options: [.old, .new, .prior])
        person.address?.street?.number = 2
        let replacement = Street()
        replacement.number = 5
        person.address?.street = replacement
        replacement.number = 6
        XCTAssertEqual(recorder.changes.map(describe), [
            "setting prior old=1", "setting old=1 new=2",
            "setting prior old=2", "setting old=2 new=5",
            "setting prior old=5", "setting old=5 new=6",
        ])
        person.removeObserver(recorder, forKeyPath: "address.street.number")
        XCTAssertEqual(replacement.observationCount, 0)
    }

    /// A person whose address has a street: the three objects of a `address.street.…` path.
    private func personOnAStreet() -> (Person, Street) {
        let person = Person()
        person.address = Address()
        let street = Street()
        person.address?.street = street
        return (person, street)
    }

    func testDottedPath_leafArrayChangedInPlace_reportsTheWholeOldAndNewArrays() throws {
        let (person, street) = personOnAStreet()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "address.street.names", options: [.old, .new])
        let names = try street.mutableArrayValue(forKey: "names")
        try names.append("a")
        try names.insert("b", at: 0)
        street.names = ["c"]
        try names.remove(at: 0)
        XCTAssertEqual(recorder.changes.map(describe), [
            "setting old=[] new=[\"a\"]",
            "setting old=[\"a\"] new=[\"b\", \"a\"]",
            "setting old=[\"b\", \"a\"] new=[\"c\"]",
            "setting old=[\"c\"] new=[]",
        ])
        person.removeObserver(recorder, forKeyPath: "address.street.names")
    }

    func testDottedPath_optionalLeaf_setToNilAndBack_reportsNilNotABoxedNone() throws {
        let (person, street) = personOnAStreet()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "address.street.alias", options: [.old, .new])
        street.alias = "Main"
        street.alias = nil
        street.alias = "High"
        XCTAssertEqual(recorder.changes.map(describe), ["setting new=Main", "setting old=Main", "setting new=High"])
        XCTAssertNil(recorder.changes[1].newValue)
        XCTAssertNil(recorder.changes[0].oldValue)
        person.removeObserver(recorder, forKeyPath: "address.street.alias")
    }

    func testTypedObservation_tokenStopsOnInvalidateAndRelease_andSeesWhatStringObserversSee() throws {
        let person = Person()
        var typed: [String] = []
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "name", options: .new)
        var token: KeyValueObservation? = try person.observe(\.name, options: [.new, .old]) { _, change in
            typed.append("\(change.oldValue ?? "-")→\(change.newValue ?? "-")")
        }
        person.name = "B"
        token?.invalidate()
        person.name = "C"
        XCTAssertEqual(typed, ["Ann→B"])
        XCTAssertEqual(recorder.changes.compactMap { $0.newValue as? String }, ["B", "C"])
        var released = 0
        token = try person.observe(\.age) { _, _ in released += 1 }
        person.age = 1
        token = nil
        person.age = 2
        XCTAssertEqual(released, 1)
        XCTAssertEqual(try person.key(for: \.age), "age")
        XCTAssertEqual(try person.key(for: \.greeting), "greeting")
        person.removeObserver(recorder, forKeyPath: "name")
    }

    func testObservationInfo_describesRegistrations() throws {
        let person = Person()
        let recorder = Recorder()
        try person.addObserver(recorder, forKeyPath: "name", options: [.new, .old])
        XCTAssertTrue(person.observationInfo.contains("<Recorder> keyPath: name (key name) options: [new, old] context: nil"), person.observationInfo)
        person.removeObserver(recorder, forKeyPath: "name")
        XCTAssertTrue(person.observationInfo.contains("(no registrations)"))
    }

    func testRemovalDuringNotification_andObserverReleasingItselfInCallback() throws {
        let person = Person()
        let first = Recorder()
        let second = Recorder()
        first.onChange = { [unowned person, unowned second] _ in person.removeObserver(second, forKeyPath: "name") }
        try person.addObserver(first, forKeyPath: "name")
        try person.addObserver(second, forKeyPath: "name")
        person.name = "B"
        XCTAssertEqual(first.changes.count, 1)
        XCTAssertEqual(second.changes.count, 0, "removed before its callback started")
        person.removeObserver(first, forKeyPath: "name")

        var token: KeyValueObservation?
        var calls = 0
        token = try person.observe(\.age) { _, _ in
            calls += 1
            token = nil  // releases the observation from inside its own callback
        }
        person.age = 1
        person.age = 2
        XCTAssertEqual(calls, 1)
        XCTAssertNil(token)
    }

    func testDeliveryQueue_runsBlocksInOrderOnTheQueue() throws {
        let person = Person()
        let queue = DispatchQueue(label: "kvo.delivery")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let received = Collector<String>()
        let token = try person.observe(\.age, options: .new, queue: queue) { _, change in
            received.append("\(change.newValue ?? -1) onQueue=\(DispatchQueue.getSpecific(key: key) == true)")
        }
        person.age = 1
        person.age = 2
        queue.sync {}
        XCTAssertEqual(received.values, ["1 onQueue=true", "2 onQueue=true"])
        token.invalidate()
    }

    func testStress_fourMutatorsWhileOthersAddAndRemove_exactCountsForStayingObservers() throws {
        let people = (0..<4).map { Person(name: "p\($0)") }
        let counters = (0..<4).map { _ in Counter() }
        var stayingTokens: [KeyValueObservation] = []
        for (index, person) in people.enumerated() {
            stayingTokens.append(try person.observe(\.age) { _, _ in counters[index].increment() })
        }
        let lateCalls = Counter()
        let changesPerThread = 15_000
        let shared = Unchecked(people)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let people = shared.value
            if worker < 4 {
                let person = people[worker]
                for value in 0..<changesPerThread { person.age = value }
            } else {
                let person = people[worker - 4]
                for _ in 0..<2_500 {
                    let removed = Flag()
                    let token = try? person.observe(\.age) { _, _ in
                        if removed.isSet { lateCalls.increment() }
                    }
                    token?.invalidate()
                    removed.set()
                }
            }
        }
        for counter in counters { XCTAssertEqual(counter.value, changesPerThread, "one notification per change") }
        XCTAssertEqual(lateCalls.value, 0, "no callback starts after invalidate() returned")
        stayingTokens.forEach { $0.invalidate() }
        for person in people { XCTAssertEqual(person.observationCount, 0) }
    }
}
