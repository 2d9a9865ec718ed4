extension ObservableType {
    /// An observable that creates a resource per subscription, subscribes to the observable built
    /// from it, and disposes the resource when the subscription ends.
    ///
    /// An error thrown by either factory is sent as an `error` event (and a created resource is disposed).
    public static func using<Resource: Disposable>(_ resourceFactory: @escaping () throws -> Resource, observableFactory: @escaping (Resource) throws -> Observable<Element>) -> Observable<Element> {
        Observable.create { observer in
            var resource: Resource?
            do {
                let created = try resourceFactory()
                resource = created
                let source = try observableFactory(created)
                return Disposables.create(source.subscribe(observer), created)
            } catch {
                observer.onError(error)
                resource?.dispose()
                return Disposables.create()
            }
        }
    }
}
