/// An observable that shares one subscription to its source among its subscribers, once
/// `connect()` is called.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source; disposing the result disconnects.
    ///
    /// Calling it again while connected returns the current connection.
    func connect() -> Disposable
}

/// A connectable observable (the result of `publish()`, `replay(_:)`, `multicast`).
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
    // Spelled out: the inherited one trips a spurious "infinite recursion" warning.
    @usableFromInline package init(run: @escaping Run, trampolined: Bool = true) {
        super.init(run: run, trampolined: trampolined)
    }

    /// Connects to the source; subclasses implement it.
    public func connect() -> Disposable {
        fatalError("ConnectableObservable subclasses implement connect()")
    }
}
