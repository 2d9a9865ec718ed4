extension ObservableType {
    /// An observable that never sends anything: `----`.
    @inlinable public static func never() -> Observable<Element> {
        NeverObservable()
    }
}

@usableFromInline final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {
    @inlinable init() {
        super.init(run: { _, _ in .none }, trampolined: false)
    }
}
