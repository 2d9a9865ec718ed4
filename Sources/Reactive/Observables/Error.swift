extension ObservableType {
    /// An observable that fails with `error` at subscription: `#`.
    @inlinable public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorObservable(error)
    }
}

@usableFromInline final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let error: Swift.Error

    @inlinable init(_ error: Swift.Error) {
        self.error = error
        super.init(run: { node, downstream in
            downstream.on(.error(unsafeDowncast(node, to: ErrorObservable<Element>.self).error))
            return .none
        }, trampolined: false)
    }
}
