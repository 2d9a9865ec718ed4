extension ObservableType {
    /// An observable that completes at subscription without elements: `|`.
    @inlinable public static func empty() -> Observable<Element> {
        EmptyObservable()
    }
}

@usableFromInline final class EmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
    @inlinable init() {
        super.init(run: { _, downstream in
            downstream.on(.completed)
            return .none
        }, trampolined: false, kind: .empty)
    }
}

extension Observable {
    /// Whether this is an `empty()`, which the flattening operators count as ended at once
    /// instead of subscribing it (as `justElement`).
    @inlinable @inline(__always) var isEmptyObservable: Bool {
        kind == .empty
    }
}
