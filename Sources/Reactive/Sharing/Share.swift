/// How long `share(replay:scope:)` keeps its subject.
public enum SubjectLifetimeScope: Sendable {
    /// The subject lives while the source is connected: after the last subscriber leaves or the
    /// source terminates, the next subscriber starts a fresh subscription (RxSwift's default).
    case whileConnected
    /// One subject for ever: after termination, later subscribers get its replay and terminal
    /// event, and the source is not subscribed again.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all subscribers, replaying the last `replay`
    /// elements to late ones; connects with the first subscriber and disconnects with the last.
    ///
    /// `--1--2--3--|` shared; a subscriber joining after 2 with `replay: 1` sees `2--3--|`
    ///
    /// Subscribing, sending and disposing happen outside the operator's locks, so subscribers may
    /// subscribe or dispose from inside `onNext`.
    @inlinable public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        // Inlinable for the common forms' delivery, made here, specialised in the caller's
        // module: made in the library's generic code, an element cost a lookup of its metadata
        // at each share (driverCompositionPumping, seven shares, 7,815 -> 1,781 instructions an
        // element). The node, its subscriptions and the terminal event stay in the library.
        guard replay <= 1, case .whileConnected = scope else { return shareWithSubject(replay: replay, scope: scope) }
        return ShareWhileConnectedObservable(source: asObservable(), replaysLatest: replay == 1, delivery: ShareConnection<Element>.delivery)
    }

    /// `share(replay:scope:)`'s other forms, through a subject.
    @usableFromInline func shareWithSubject(replay: Int, scope: SubjectLifetimeScope) -> Observable<Element> {
        switch (replay, scope) {
        case (_, .whileConnected):
            return self.replay(replay).refCount()
        case (0, .forever):
            return multicast(PublishSubject<Element>()).refCount()
        case (_, .forever):
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        }
    }
}
