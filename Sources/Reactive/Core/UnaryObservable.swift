/// A sink of an operator with one source; `UnaryObservable` is the producer all of them share.
///
/// The operator's file holds its public extension and its sink; the sink says what it needs
/// (`Parameters`, usually the operator's arguments as a tuple) and how it handles the source's
/// events. Its `on(_:)` should be `@inlinable @inline(__always)` (see `Downstream`).
@usableFromInline protocol UnaryOperatorSink: ForwardingSinkProtocol {
    associatedtype Source
    associatedtype Parameters

    init(downstream: Downstream<Element>, parameters: Parameters)

    /// Handles one event of the source.
    func on(_ event: inout Event<Source>)

    /// Starts the subscription; the default subscribes `sourceObserver` (this sink) to `source`
    /// and keeps that subscription. Operators that send something first (`startWith`) or watch
    /// a second source implement it.
    func run(_ source: Observable<Source>, _ sourceObserver: Downstream<Source>)
}

/// What `UnaryOperatorSink` needs of `ForwardingSink`, as a protocol (a protocol cannot name a
/// generic superclass by its associated type).
@usableFromInline protocol ForwardingSinkProtocol: Sink {
    associatedtype Element
}

extension ForwardingSink: ForwardingSinkProtocol {}

extension UnaryOperatorSink {
    @inlinable func run(_ source: Observable<Source>, _ sourceObserver: Downstream<Source>) {
        setUpstream(source.subscribeInsideRun(sourceObserver))
    }
}

/// The producer of every one-source operator: its source, its parameters and its sink type.
@usableFromInline final class UnaryObservable<OperatorSink: UnaryOperatorSink>: Observable<OperatorSink.Element>, @unchecked Sendable {
    @usableFromInline let source: Observable<OperatorSink.Source>
    override var chainSources: [AnyObject] { [source] }
    @usableFromInline let parameters: OperatorSink.Parameters

    @inlinable init(_ source: Observable<OperatorSink.Source>, _ parameters: OperatorSink.Parameters) {
        self.source = source
        self.parameters = parameters
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: UnaryObservable<OperatorSink>.self)
            let sink = OperatorSink(downstream: consume downstream, parameters: node.parameters)
            // Made here, in code specialised for the sink's type, so that the handler captures
            // nothing (a closure made in a protocol extension allocates a context for `Self`).
            sink.run(node.source, Downstream(sink) { unsafeDowncast($0, to: OperatorSink.self).on(&$1) })
            return .object(sink)
        })
    }
}
