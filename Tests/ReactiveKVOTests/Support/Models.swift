import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest
import XCTest

final class Person: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var name = "Ann"
    @Observed var age = 30
    @Observed var nickname: String?
    @Observed var address: Address?
    @Observed var tags: [String] = []
    weak var friend: Person?
    /// Not `@Observed`: observing it is an error.
    var notObserved = 0

    static var computedKeys: [String: PartialKeyPath<Person>] { ["friend": \Person.friend, "greeting": \Person.greeting] }
    var greeting: String { "Hi \(name)" }

    init(name: String = "Ann") {
        self.name = name
    }
}

final class Address: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var city = "Paris"
    @Observed var street: Street?

    init(city: String = "Paris") {
        self.city = city
    }
}

final class Street: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var number = 1
    @Observed var names: [String] = []
    @Observed var alias: String?
}

/// Seed 000's download: `downloadProgress` depends on `writtenData` and `totalData`.
final class Download: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var writtenData = 0.0
    @Observed var totalData = 100.0
    var downloadProgress: Double { writtenData / totalData }

    static var computedKeys: [String: PartialKeyPath<Download>] { ["downloadProgress": \Download.downloadProgress] }
    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        key == "downloadProgress" ? ["writtenData", "totalData"] : []
    }
}

/// `summary` depends on `label`, which depends on `count`: a chain of dependencies.
final class Chained: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var count = 0
    var label: String { "n=\(count)" }
    var summary: String { "[\(label)]" }
    static var computedKeys: [String: PartialKeyPath<Chained>] { ["label": \Chained.label, "summary": \Chained.summary] }
    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        switch key {
        case "summary": return ["label"]
        case "label": return ["count"]
        default: return []
        }
    }
}

/// `a` depends on `b` and `b` on `a`.
final class Cyclic: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var seed = 0
    var a: Int { seed }
    var b: Int { seed }
    static var computedKeys: [String: PartialKeyPath<Cyclic>] { ["a": \Cyclic.a, "b": \Cyclic.b] }
    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        key == "a" ? ["b"] : key == "b" ? ["a"] : []
    }
}

/// `value` notifies manually.
final class Manual: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var value = 0
    static func automaticallyNotifiesObservers(forKey key: String) -> Bool { key != "value" }
}

/// Records every callback.
final class Recorder: KeyValueObserving, @unchecked Sendable {
    struct Callback {
        let keyPath: String
        let change: KeyValueChange
        let context: UnsafeMutableRawPointer?
    }

    private let lock = NSLock()
    private var storage: [Callback] = []
    var onChange: ((KeyValueChange) -> Void)?

    var callbacks: [Callback] { lock.withLock { storage } }
    var changes: [KeyValueChange] { callbacks.map(\.change) }

    func observeValue(forKeyPath keyPath: String, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?) {
        lock.withLock { storage.append(Callback(keyPath: keyPath, change: change, context: context)) }
        onChange?(change)
    }
}

/// A compact, comparable description of a change.
func describe(_ change: KeyValueChange) -> String {
    var parts = ["\(change.kind)"]
    if change.isPrior { parts.append("prior") }
    if let old = change.oldValue { parts.append("old=\(old)") }
    if let new = change.newValue { parts.append("new=\(new)") }
    if let indexes = change.indexes { parts.append("at=\(Array(indexes))") }
    return parts.joined(separator: " ")
}

/// Every test is a leak test (the resource count returns to where it started).
class KVOTestCase: LeakCheckingTestCase {}

enum TestError: Error, Equatable {
    case first
}
