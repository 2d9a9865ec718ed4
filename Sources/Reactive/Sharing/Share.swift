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
            return sharedWhileConnected { PublishSubject<Element>() }
        case (1, .whileConnected):
            return sharedWhileConnected { ReplaySubject<Element>.create(bufferSize: 1) }
        case (_, .whileConnected):
            return self.replay(replay).refCount()
        case (0, .forever):
            return multicast(PublishSubject<Element>()).refCount()
        case (_, .forever):
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        }
    }

    /// RxSwift's own sharing node for a replay of 0 or 1 while connected: `publish()` or
    /// `replay(1)` reference counted, subscribed directly (without the current-thread trampoline a
    /// `refCount()` installs), with a connection that leaves the source's disposal to the source
    /// after its end (`sharesWhileConnected`).
    private func sharedWhileConnected<Subject: SubjectType>(_ makeSubject: @escaping () -> Subject) -> Observable<Element> where Subject.Observer.Element == Element, Subject.Element == Element {
        RefCountObservable(source: ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject, resetsSubject: true, sharesWhileConnected: true), trampolined: false)
    }
}
