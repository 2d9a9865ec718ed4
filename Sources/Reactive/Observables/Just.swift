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
        super.init(run: { node, downstream in
            downstream.on(.next(unsafeDowncast(node, to: JustObservable<Element>.self).element))
            downstream.on(.completed)
            return .none
        }, trampolined: false, kind: .just)
    }
}

extension Observable {
    /// The element of a `just`, which the flattening operators send on directly instead of
    /// subscribing it: the same events at the same moment (RxSwift's `just` delivers inside
    /// `subscribe`, with no trampoline), without a subscription to set up and tear down.
    @inlinable @inline(__always) var justElement: Element? {
        // The downcast is sound: only `JustObservable` (a final class) has the kind `.just`, and
        // a node of static type `Observable<Element>` that is one is a `JustObservable<Element>`.
        // `element` is a `let` of a node the caller holds: no thread can change or free it during
        // the read. (`MergeTests`' and `SwitchLatestTests`' just-inner stress tests run under
        // ASan and TSan.)
        guard kind == .just else { return nil }
        return unsafeDowncast(self, to: JustObservable<Element>.self).element
    }
}
