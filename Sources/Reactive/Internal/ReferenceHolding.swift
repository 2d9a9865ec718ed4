extension Observable {
    /// This observable, each subscription of which holds a reference of `references` until it
    /// is disposed or ends: how `groupBy`'s groups and `window`'s windows keep their operator's
    /// source subscribed after the result's own subscription is disposed (RxSwift's `AddRef`).
    func holdingReference(of references: RefCountDisposable) -> Observable<Element> {
        Observable.create { observer in
            let reference = references.retain()
            return Disposables.create(reference, self.subscribe(observer))
        }
    }
}
