import Foundation

extension ObservableType {
    /// Prints every event, the subscription and the disposal, prefixed with `identifier` and a time.
    ///
    /// `--1--|` prints `… -> subscribed`, `… -> Event next(1)`, `… -> Event completed`,
    /// `… -> isDisposed`. With `trimOutput`, long event descriptions are cut to 40 characters.
    /// Events pass through unchanged, on the same thread.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> Observable<Element> {
        let name = identifier ?? "\((file as NSString).lastPathComponent):\(line) (\(function))"
        return DebugObservable(source: asObservable(), identifier: name, trimOutput: trimOutput)
    }
}

final class DebugObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    override var chainSources: [AnyObject] { [source] }
    let identifier: String
    let trimOutput: Bool

    init(source: Observable<Element>, identifier: String, trimOutput: Bool) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: DebugObservable<Element>.self)
            let sink = DebugSink(downstream: consume downstream, identifier: node.identifier, trimOutput: node.trimOutput)
            sink.log("subscribed")
            sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: DebugSink<Element>.self).on(&$1) }))
            return .object(sink)
        })
    }
}

final class DebugSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    private let identifier: String
    private let trimOutput: Bool

    init(downstream: Downstream<Element>, identifier: String, trimOutput: Bool) {
        self.identifier = identifier
        self.trimOutput = trimOutput
        super.init(downstream: downstream)
    }

    func log(_ message: String) {
        print("\(DebugSink.timestamp()): \(identifier) -> \(message)")
    }

    func on(_ event: inout Event<Element>) {
        var description = "\(event)"
        if trimOutput && description.count > 40 {
            description = description.prefix(20) + "..." + description.suffix(17)
        }
        log("Event \(description)")
        forward(event)
    }

    override func dispose() {
        if disposeOnce() { log("isDisposed") }
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return formatter.string(from: Date())
    }
}
