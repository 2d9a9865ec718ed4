extension ObservableType where Element: Equatable {
    /// Drops elements equal to the one before them.
    ///
    /// `--1--1--2--2--1--|` → `distinctUntilChanged()` → `--1-----2-----1--|`
    @inlinable public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Drops elements whose key equals the key of the element before them.
    ///
    /// `--a--A--b--|` → `distinctUntilChanged { $0.lowercased() }` → `--a-----b--|`
    ///
    /// An error thrown by `keySelector` is sent as an `error` event.
    @inlinable public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops elements that `comparer` says equal the element before them.
    ///
    /// `--1--2--4--5--|` → `distinctUntilChanged { $0 / 2 == $1 / 2 }` → `--1--2--4-----|`
    ///
    /// An error thrown by `comparer` is sent as an `error` event.
    @inlinable public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops elements whose key `comparer` says equals the key of the element before them.
    ///
    /// `--a--b--A--|` → `distinctUntilChanged({ $0 }, comparer: { $0.lowercased() == $1.lowercased() })` → `--a--b--A--|`
    ///
    /// An error thrown by `keySelector` or `comparer` is sent as an `error` event.
    @inlinable public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) -> Observable<Element> {
        UnaryObservable<DistinctUntilChangedSink<Element, Key>>(asObservable(), (keySelector, comparer))
    }

    /// Drops elements whose property at `keyPath` equals that of the element before them.
    ///
    /// `--a--b--c--|` → `distinctUntilChanged(at: \.count)` → `--a-----c--|` where `a = "x"`, `b = "y"`, `c = "zz"`
    @inlinable public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}

@usableFromInline final class DistinctUntilChangedSink<Element, Key>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let keySelector: (Element) throws -> Key
    @usableFromInline let comparer: (Key, Key) throws -> Bool
    @usableFromInline var lastKey: Key?

    @inlinable init(downstream: Downstream<Element>, parameters: ((Element) throws -> Key, (Key, Key) throws -> Bool)) {
        (keySelector, comparer) = parameters
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            do {
                let key = try keySelector(element)
                if let lastKey, try comparer(lastKey, key) { return }
                lastKey = key
                downstream.forward(&event)
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
