/// The integer types `range`, `timer` and `interval` produce (RxSwift's name).
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// An observable that sends `count` consecutive integers from `start`, one per step on `scheduler`.
    ///
    /// `range(start: 1, count: 3)`: `1-2-3-|`. A negative count, or a range that overflows
    /// `Element`, traps: it is a programmer error.
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        precondition(count >= 0, "range: count must not be negative, got \(count)")
        precondition(count == 0 || start <= Element.max - (count - 1), "range: start + count overflows \(Element.self)")
        return Observable<Element>.generate(initialState: 0, condition: { $0 < count }, scheduler: scheduler, iterate: { $0 + 1 })
            .map { start + $0 }
    }
}
