extension ObservableType {
    /// An observable that sends states from `initialState`, advanced by `iterate`, while
    /// `condition` holds; one per step on `scheduler`.
    ///
    /// An error thrown by `condition` or `iterate` is sent as an `error` event.
    public static func generate(initialState: Element, condition: @escaping (Element) throws -> Bool, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance, iterate: @escaping (Element) throws -> Element) -> Observable<Element> {
        GenerateObservable(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

final class GenerateObservable<Element>: Observable<Element>, @unchecked Sendable {
    let initialState: Element
    let condition: (Element) throws -> Bool
    let iterate: (Element) throws -> Element
    let scheduler: ImmediateSchedulerType

    init(initialState: Element, condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element, scheduler: ImmediateSchedulerType) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: GenerateObservable<Element>.self)
            let sink = ForwardingSink(downstream: consume downstream)
            sink.setUpstream(disposable: node.scheduler.scheduleRecursive((node.initialState, true)) { step, recurse in
                do {
                    let state = step.1 ? step.0 : try node.iterate(step.0)
                    if try node.condition(state) {
                        sink.forwardNext(state)
                        recurse((state, false))
                    } else {
                        sink.forwardCompleted()
                    }
                } catch {
                    sink.forwardError(error)
                }
            })
            return .object(sink)
        })
    }
}
