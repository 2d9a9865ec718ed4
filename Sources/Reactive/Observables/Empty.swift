extension ObservableType {
    /// An observable that completes at subscription without elements: `|`.
    @inlinable public static func empty() -> Observable<Element> {
        EmptyObservable()
    }
}

@usableFromInline final class EmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
    @inlinable init() {
        super.init(runWithoutTrampoline: { _, downstream in
            downstream.on(.completed)
            return Disposables.create()
        })
    }
}
