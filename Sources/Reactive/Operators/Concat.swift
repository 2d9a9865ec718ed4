extension ObservableType {
    /// Sends the source's events, then, once it completes, those of `second`.
    ///
    /// `--1--|` with second `--2--|` → `concat(second)` → `--1----2--|`
    ///
    /// `second` is subscribed only after the source completes; an error ends the result.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element> where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Concatenates the observables of `sequence`: each is subscribed when the previous completed.
    ///
    /// `--1|` with second `--2|` with third `--3|` → `Observable.concat([source.asObservable(), second.asObservable(), third.asObservable()])` → `--1--2--3|`
    ///
    /// The sequence is iterated lazily, once per subscription. Synchronous sources run in a loop,
    /// so concatenating 100 000 of them does not grow the stack. The first error ends the result.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        ConcatObservable(makeSources: { (AnyIterator(sequence.makeIterator()), nil) })
    }

    /// Concatenates the observables of `collection`, in order.
    public static func concat<Sources: Collection>(_ collection: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        ConcatObservable(makeSources: { (AnyIterator(collection.makeIterator()), collection.count) })
    }

    /// Concatenates the given observables, in order.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

final class ConcatObservable<Element>: Observable<Element>, @unchecked Sendable {
    let makeSources: () -> Sources<Element>

    init(makeSources: @escaping () -> Sources<Element>) {
        self.makeSources = makeSources
        super.init(run: { node, downstream in
            let sink = ConcatSink(downstream: consume downstream, sources: unsafeDowncast(node, to: ConcatObservable<Element>.self).makeSources())
            sink.start()
            return .object(sink)
        })
    }
}

final class ConcatSink<Element>: SequentialSink<Element>, @unchecked Sendable {
    /// A nested `concat` is opened in place; an empty one ends at once and the outer one goes on.
    private var sources: SourceStack<Element>

    init(downstream: Downstream<Element>, sources: Sources<Element>) {
        self.sources = SourceStack(sources) { ($0 as? ConcatObservable<Element>)?.makeSources() }
        super.init(downstream: downstream)
    }

    override func nextSource() -> Observable<Element>? {
        while true {
            switch sources.next() {
            case .source(let source): return source
            case .emptyNestedEnded: continue
            case .exhausted:
                forwardCompleted()
                return nil
            }
        }
    }

    override func onTerminal(_ event: Event<Element>) {
        if case .error(let error) = event {
            forwardError(error)
        } else {
            subscribeNext()
        }
    }
}
