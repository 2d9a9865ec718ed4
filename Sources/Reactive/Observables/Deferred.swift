extension ObservableType {
    /// An observable that calls `observableFactory` at each subscription and subscribes to its result.
    ///
    /// An error thrown by the factory is sent as an `error` event.
    @inlinable public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        DeferredObservable(observableFactory)
    }
}

@usableFromInline final class DeferredObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let factory: () throws -> Observable<Element>

    @inlinable init(_ factory: @escaping () throws -> Observable<Element>) {
        self.factory = factory
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: DeferredObservable<Element>.self)
            do {
                return try node.factory().subscribe(consume downstream)
            } catch {
                downstream.on(.error(error))
                return .none
            }
        })
    }
}
