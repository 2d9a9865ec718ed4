extension ObservableType {
    /// Continues with the observable `handler` returns when the source fails.
    ///
    /// `--1--#` → `catch { _ in --8--9--| }` → `--1----8--9--|`
    ///
    /// `handler` runs once, on the failing source's thread; an error it throws is forwarded.
    /// The source's subscription is released before the replacement is subscribed.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        CatchObservable(source: asObservable(), handler: handler)
    }

    /// Sends `element` and completes when the source fails.
    ///
    /// `--1--#` → `catchAndReturn(0)` → `--1--0|`
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in Observable.just(element) }
    }

    /// The deprecated name of `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        self.catch(handler)
    }

    /// The deprecated name of `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}

final class CatchObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let handler: (Swift.Error) throws -> Observable<Element>

    init(source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: CatchObservable<Element>.self)
            let sink = CatchSink(downstream: downstream, source: node.source, handler: node.handler)
            sink.start()
            return sink
        })
    }
}

final class CatchSink<Element>: SequentialSink<Element>, @unchecked Sendable {
    private var pending: Observable<Element>?
    private let handler: (Swift.Error) throws -> Observable<Element>
    private var caught = false

    init(downstream: Downstream<Element>, source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        pending = source
        self.handler = handler
        super.init(downstream: downstream)
    }

    override func nextSource() -> Observable<Element>? {
        defer { pending = nil }
        return pending
    }

    override func onTerminal(_ event: Event<Element>) {
        guard case .error(let error) = event, !caught else {
            forward(event)
            return
        }
        caught = true
        do {
            pending = try handler(error)
            subscribeNext()
        } catch {
            forwardError(error)
        }
    }
}
