extension Observable {
    /// This observable, each subscription of which holds a reference of `references` until it
    /// is disposed or ends: how `groupBy`'s groups and `window`'s windows keep their operator's
    /// source subscribed after the result's own subscription is disposed (RxSwift's `AddRef`).
    func holdingReference(of references: RefCountDisposable) -> Observable<Element> {
        ReferenceHoldingObservable(source: self, references: references)
    }
}

/// `holdingReference(of:)`'s node: the source is subscribed with the subscriber's own
/// downstream, so its events take no hop through here (a chain of `groupBy`s costs no frame
/// for it); the subscription keeps the reference with the source's subscription, and the
/// subscriber's disposal of it (on its end, or earlier) releases both.
final class ReferenceHoldingObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    override var chainSources: [AnyObject] { [source] }
    let references: RefCountDisposable

    init(source: Observable<Element>, references: RefCountDisposable) {
        self.source = source
        self.references = references
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: ReferenceHoldingObservable<Element>.self)
            let reference = node.references.retain()
            let subscription = node.source.subscribeInsideRun(consume downstream)
            return .object(BinaryDisposable(reference, subscription))
        })
    }
}
