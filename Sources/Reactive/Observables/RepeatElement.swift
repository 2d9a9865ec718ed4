extension ObservableType {
    /// An observable that sends `element` forever, one per step on `scheduler`, until disposed.
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        generate(initialState: element, condition: { _ in true }, scheduler: scheduler, iterate: { $0 })
    }
}
