extension ObservableType {
    /// Pairs each element with `object`, held weakly; completes once `object` is deallocated.
    ///
    /// `--1--2--|` → `withUnretained(owner) { ($0, $1) }` → `--x--y--|` where `x = (owner, 1)`, `y = (owner, 2)`
    ///
    /// Use it to reach `self` in `subscribe` without a reference cycle. An element that arrives
    /// after `object` is gone completes the result instead. An error thrown by `resultSelector`
    /// is sent as an `error` event.
    @inlinable public func withUnretained<Object: AnyObject, Out>(_ object: Object, resultSelector: @escaping (Object, Element) throws -> Out) -> Observable<Out> {
        UnaryObservable<WithUnretainedSink<Object, Element, Out>>(asObservable(), (WeakBox(object), resultSelector))
    }

    /// Pairs each element with `object`, held weakly; completes once `object` is deallocated.
    ///
    /// `--1--2--|` → `withUnretained(owner)` → `--x--y--|` where `x = (owner, 1)`, `y = (owner, 2)`
    @inlinable public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}

/// A weak reference that can travel in a tuple.
@usableFromInline struct WeakBox<Object: AnyObject> {
    @usableFromInline weak var object: Object?

    @inlinable init(_ object: Object) {
        self.object = object
    }
}

@usableFromInline final class WithUnretainedSink<Object: AnyObject, Source, Result>: ForwardingSink<Result>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let box: WeakBox<Object>
    @usableFromInline let resultSelector: (Object, Source) throws -> Result

    @inlinable init(downstream: Downstream<Result>, parameters: (WeakBox<Object>, (Object, Source) throws -> Result)) {
        (box, resultSelector) = parameters
        super.init(downstream: downstream)
    }

    @inlinable @inline(__always) func on(_ event: inout Event<Source>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            guard let object = box.object else {
                forwardCompleted()
                return
            }
            do {
                forwardNext(try resultSelector(object, element))
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
