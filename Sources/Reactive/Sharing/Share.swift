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
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch (replay, scope) {
        case (...0, .whileConnected):
            return ShareWhileConnectedObservable(source: asObservable(), replaysLatest: false)
        case (1, .whileConnected):
            return ShareWhileConnectedObservable(source: asObservable(), replaysLatest: true)
        case (_, .whileConnected):
            return self.replay(replay).refCount()
        case (0, .forever):
            return multicast(PublishSubject<Element>()).refCount()
        case (_, .forever):
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        }
    }
}
