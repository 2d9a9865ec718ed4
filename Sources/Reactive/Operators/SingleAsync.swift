extension ObservableType {
    /// Sends the source's only element, failing if there is none or more than one.
    ///
    /// `--1--|` → `single()` → `--1--|`; `--1--2--|` → `--1--#` where `# = RxError.moreThanOneElement`
    ///
    /// The element is forwarded when it arrives, as in RxSwift; completion follows the
    /// source's. Fails with `RxError.noElements` if the source completes empty, and with
    /// `RxError.moreThanOneElement` at the second element (disposing the source).
    @inlinable public func single() -> Observable<Element> {
        UnaryObservable<SingleSink<Element>>(asObservable(), ({ _ in true }, .forwardsAtOnce))
    }

    /// Sends the only element that satisfies `predicate`, failing if there is none or more than one.
    ///
    /// `--1--2--3--|` → `single { $0 == 2 }` → `-----2-----|`
    ///
    /// Errors as `single()`; an error thrown by `predicate` is sent as an `error` event.
    @inlinable public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        UnaryObservable<SingleSink<Element>>(asObservable(), (predicate, .forwardsAtOnce))
    }
}

extension ObservableType {
    /// This sequence as a `Single`: its only element, sent when the source completes.
    ///
    /// `--1--|` → `asSingle()` → `-----(1|)`; `--1--2--|` → `-----#` where `# = RxError.moreThanOneElement`
    ///
    /// Unlike `single()`, the element is held until completion (as RxSwift's `asSingle`). Fails
    /// with `RxError.noElements` if the source completes empty, and with
    /// `RxError.moreThanOneElement` at a second element (disposing the source).
    public func asSingle() -> Single<Element> {
        Single(raw: UnaryObservable<SingleSink<Element>>(asObservable(), ({ _ in true }, .holdsElement(requiresOne: true))))
    }

    /// This sequence as a `Maybe`: its element, if any, sent when the source completes.
    ///
    /// `--1--|` → `asMaybe()` → `-----(1|)`; `-----|` → `-----|`
    ///
    /// Fails with `RxError.moreThanOneElement` at a second element (disposing the source).
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: UnaryObservable<SingleSink<Element>>(asObservable(), ({ _ in true }, .holdsElement(requiresOne: false))))
    }
}

/// When `SingleSink` sends the element it accepts.
@usableFromInline enum SingleElementMode {
    /// When it arrives (`single()`).
    case forwardsAtOnce
    /// On completion (`asSingle()`, and `asMaybe()`, which completes empty where `requiresOne`
    /// is false).
    case holdsElement(requiresOne: Bool)
}

@usableFromInline final class SingleSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    @usableFromInline let predicate: (Element) throws -> Bool
    @usableFromInline let mode: SingleElementMode
    // Unchecked exclusivity: events to one sink never overlap (the Rx contract), so a dynamic
    // check would only add a thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var seenElement = false
    @exclusivity(unchecked) @usableFromInline var held: Element?

    @inlinable init(downstream: Downstream<Element>, parameters: ((Element) throws -> Bool, SingleElementMode)) {
        (predicate, mode) = parameters
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let element):
            if isStopped { return }
            do {
                guard try predicate(element) else { return }
            } catch {
                forwardError(error)
                return
            }
            if seenElement {
                held = nil
                forwardError(RxError.moreThanOneElement)
                return
            }
            seenElement = true
            if case .forwardsAtOnce = mode {
                forwardNext(element)
            } else {
                held = element
            }
        case .error(let error):
            held = nil
            forwardError(error)
        case .completed:
            if let element = held.take() { forwardNext(element) }
            if seenElement {
                forwardCompleted()
            } else if case .holdsElement(requiresOne: false) = mode {
                forwardCompleted()
            } else {
                forwardError(RxError.noElements)
            }
        }
    }
}
