/// The integer types `range`, `timer` and `interval` produce (RxSwift's name).
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// An observable that sends `count` consecutive integers from `start`, one per step on `scheduler`.
    ///
    /// `range(start: 1, count: 3)`: `1-2-3-|`. A negative count, or a range that goes past
    /// `Element.max`, fails with `RxError.argumentOutOfRange` at subscription (as `take` and
    /// `skip` do with a negative count; RxSwift traps).
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        guard count >= 0, count == 0 || start <= Element.max - (count - 1) else {
            return Observable<Element>.error(RxError.argumentOutOfRange)
        }
        return Observable<Element>.generate(initialState: 0, condition: { $0 < count }, scheduler: scheduler, iterate: { $0 + 1 })
            .map { start + $0 }
    }
}
