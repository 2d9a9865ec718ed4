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
        // Only the sink's delivery is made here, specialised in the caller's module: it is the
        // path of every event. Making the sink and subscribing it happen once a subscription,
        // in the library's own code (`startSubscription(_:_:delivery:)`), so that an app does not
        // compile a copy of them for each operator and element type it uses. The delivery is
        // made in code specialised for the sink's type, so that it captures nothing (a closure
        // made in a protocol extension allocates a context for `Self`).
        super.init(run: { node, downstream in
            UnaryObservable<OperatorSink>.startSubscription(node, downstream, delivery: { unsafeDowncast($0, to: OperatorSink.self).on(&$1) })
        })
    }

    /// Makes the sink of one subscription and starts it, with `delivery` as its handler of the
    /// source's events. Not inlinable: the same, unspecialised, for every operator.
    ///
    /// `@inline(never)` with no generic specialisation, as every path the library keeps to
    /// itself: SwiftPM's release builds enable conservative cross-module optimisation, which
    /// serialises a small function's body even when it is not `@inlinable`, and an app would
    /// then inline and specialise it again for each element type (`Benchmarks/BuildCost`).
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    static func startSubscription(_ node: Observable<OperatorSink.Element>, _ downstream: consuming Downstream<OperatorSink.Element>, delivery: @escaping (AnyObject, inout Event<OperatorSink.Source>) -> Void) -> Upstream {
        let node = unsafeDowncast(node, to: UnaryObservable<OperatorSink>.self)
        let sink = OperatorSink(downstream: consume downstream, parameters: node.parameters)
        sink.run(node.source, Downstream(sink, delivery))
        return .object(sink)
    }
}
