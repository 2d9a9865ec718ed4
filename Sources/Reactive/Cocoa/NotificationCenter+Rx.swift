import Foundation

extension NotificationCenter: ReactiveCompatible {}

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (all of them for nil) posted by `object` (anyone's for
    /// nil), as an observable (RxCocoa's `NotificationCenter.rx.notification`).
    ///
    /// Each subscription adds an observer block to the center, delivering on the posting
    /// thread; disposing removes it. `object` is held weakly. The sequence never ends.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = UncheckedSendable(base)
        return Observable.create { [weak object] observer in
            let sink = UncheckedSendable(observer)
            let token = center.value.addObserver(forName: name, object: object, queue: nil) { notification in
                sink.value.on(.next(notification))
            }
            let registration = UncheckedSendable(token)
            return Disposables.create {
                center.value.removeObserver(registration.value)
            }
        }
    }
}
