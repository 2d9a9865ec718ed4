extension ObservableType {
    /// An observable that sends one element and completes, at subscription.
    ///
    /// `just(1)`: `(1|)`
    @inlinable public static func just(_ element: Element) -> Observable<Element> {
        JustObservable(element)
    }

    /// An observable that sends one element and then completes, each on `scheduler`.
    ///
    /// `just(1, scheduler:)`: `-1-|`
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable<Element>.from([element], scheduler: scheduler)
    }
}

@usableFromInline final class JustObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let element: Element

    @inlinable init(_ element: Element) {
        self.element = element
        super.init(runWithoutTrampoline: { node, downstream in
            downstream.on(.next(unsafeDowncast(node, to: JustObservable<Element>.self).element))
            downstream.on(.completed)
            return Disposables.create()
        })
    }
}
