import Foundation

extension NotificationCenter: ReactiveCompatible {}

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (all of them for nil) posted by `object` (anyone's for
    /// nil), as an observable (RxCocoa's `NotificationCenter.rx.notification`).
    ///
    /// Each subscription adds an observer block to the center; disposing removes it. `object`
    /// is held weakly. The sequence never ends.
    ///
    /// Threading: a notification is delivered on the posting thread, inside `post`. Posts from
    /// several threads never reach one subscription's observer at once (RxCocoa's do): a post
    /// that finds another thread delivering leaves its notification to that thread, which
    /// delivers it next, and returns without waiting for it.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        NotificationObservable(center: base, name: name, object: object)
    }
}

final class NotificationObservable: Observable<Notification>, @unchecked Sendable {
    let center: NotificationCenter
    let name: Notification.Name?
    weak var object: AnyObject?

    init(center: NotificationCenter, name: Notification.Name?, object: AnyObject?) {
        self.center = center
        self.name = name
        self.object = object
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: NotificationObservable.self)
            let sink = NotificationSink(downstream: downstream, center: node.center)
            sink.register(name: node.name, object: node.object)
            return .object(sink)
        })
    }
}

/// One subscription: the center's observer block serialises the posts for the downstream
/// (queueing, not waiting: a post never waits for another thread's delivery).
final class NotificationSink: SerializingForwardingSink<Notification>, @unchecked Sendable {
    private let center: NotificationCenter
    /// The center's token, guarded by the sink's `lock`; taken by the first disposal, or
    /// removed at once if the sink was disposed before it arrived.
    private var token: (any NSObjectProtocol)?
    private var ended = false

    init(downstream: Downstream<Notification>, center: NotificationCenter) {
        self.center = center
        super.init(downstream: downstream, sendersWait: false)
    }

    func register(name: Notification.Name?, object: AnyObject?) {
        let token = center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            self?.send(.next(notification))
        }
        let removeNow: Bool = lock.withLock {
            if ended { return true }
            self.token = token
            return false
        }
        if removeNow { center.removeObserver(token) }
    }

    override func dispose() {
        guard disposeOnce() else { return }
        let token: (any NSObjectProtocol)? = lock.withLock {
            ended = true
            defer { self.token = nil }
            return self.token
        }
        if let token { center.removeObserver(token) }
    }
}
