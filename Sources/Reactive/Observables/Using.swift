extension ObservableType {
    /// An observable that creates a resource per subscription, subscribes to the observable built
    /// from it, and disposes the resource when the subscription ends.
    ///
    /// An error thrown by either factory is sent as an `error` event (and a created resource is disposed).
    public static func using<Resource: Disposable>(_ resourceFactory: @escaping () throws -> Resource, observableFactory: @escaping (Resource) throws -> Observable<Element>) -> Observable<Element> {
        UsingObservable(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

/// `using`'s node: a sink of its own between the source and the observer, as RxSwift's, so that
/// the source's subscription is disposed as the sequence ends (a `do` on the source sees its
/// `onDispose` before its after-handler), then the resource.
final class UsingObservable<Element, Resource: Disposable>: Observable<Element>, @unchecked Sendable {
    let resourceFactory: () throws -> Resource
    let observableFactory: (Resource) throws -> Observable<Element>

    init(resourceFactory: @escaping () throws -> Resource, observableFactory: @escaping (Resource) throws -> Observable<Element>) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: UsingObservable<Element, Resource>.self)
            let sink = ForwardingSink(downstream: consume downstream)
            var resource: Resource?
            do {
                let created = try node.resourceFactory()
                resource = created
                let source = try node.observableFactory(created)
                let subscription = source.subscribe(Downstream(sink) { unsafeDowncast($0, to: ForwardingSink<Element>.self).forward(&$1) })
                sink.setUpstream(.object(BinaryDisposable(subscription, created)))
            } catch {
                sink.forwardError(error)
                resource?.dispose()
            }
            return .object(sink)
        })
    }
}
