/// A group of `groupBy`: the elements that share `key`, as an observable.
///
/// `Sendable` when its key is.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key the group's elements share.
    public let key: Key
    private let source: Observable<Element>

    /// Creates a group of `source`'s elements under `key`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes to the group's elements (a hot sequence: elements before this are missed).
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's elements as an `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

extension GroupedObservable: Sendable where Key: Sendable {}

extension ObservableType {
    /// Splits the elements into groups by key: each new key sends a `GroupedObservable`, and each
    /// element goes to its key's group.
    ///
    /// `--1--2--3--4--|` → `groupBy { $0 % 2 }.flatMap { $0.toArray() }` → `--------------(xy|)` where `x = [1, 3]`, `y = [2, 4]`
    ///
    /// Groups are hot: subscribe to a group when it arrives, or its first elements are missed.
    /// Completion and errors (from the source or `keySelector`) end every group and the result.
    /// Disposing the result stops new groups from being sent, but the source stays subscribed
    /// while any group is (its subscription is reference counted, as in RxSwift): the groups
    /// still subscribed keep receiving their elements, and the source is disposed when the last
    /// of them is.
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key) -> Observable<GroupedObservable<Key, Element>> {
        UnaryObservable<GroupBySink<Key, Element>>(asObservable(), keySelector)
    }
}

final class GroupBySink<Key: Hashable, Element>: ForwardingSink<GroupedObservable<Key, Element>>, UnaryOperatorSink, @unchecked Sendable {
    private let keySelector: (Element) throws -> Key
    // Only touched from the source's events, which never overlap.
    private var groups: [Key: PublishSubject<Element>] = [:]
    /// The groups in the order they were made, in which they get the source's terminal event
    /// (a dictionary's order changes from run to run; RxSwift's is the dictionary's).
    private var groupsInOrder: [PublishSubject<Element>] = []
    /// The source's subscription, disposed once the result's subscription (the primary
    /// reference, held as this sink's upstream) and every group subscription are disposed.
    private let sourceSubscription = SingleAssignmentDisposable()
    private let references: RefCountDisposable

    init(downstream: Downstream<GroupedObservable<Key, Element>>, parameters keySelector: @escaping (Element) throws -> Key) {
        self.keySelector = keySelector
        references = RefCountDisposable(disposable: sourceSubscription)
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        setUpstream(.object(references))
        // Its own handler rather than `sourceObserver`: made here, it calls `on(_:)` directly
        // and inlines it (one stack frame less per link of a chain, unspecialised).
        sourceSubscription.setDisposable(source.subscribe(Downstream(self) { unsafeDowncast($0, to: GroupBySink.self).on(&$1) }))
    }

    @inline(__always) func on(_ event: inout Event<Element>) {
        // Not `isStopped`: after the result is disposed, the groups still subscribed are served.
        if hasTerminated || sourceSubscription.isDisposed { return }
        switch event {
        case .next(let element):
            let key: Key
            do {
                key = try keySelector(element)
            } catch {
                var failure = Event<Element>.error(error)
                end(&failure)
                return
            }
            let group: PublishSubject<Element>
            if let existing = groups[key] {
                group = existing
            } else {
                group = PublishSubject()
                groups[key] = group
                groupsInOrder.append(group)
                forwardNext(GroupedObservable(key: key, source: group.asObservable().holdingReference(of: references)))
            }
            group.on(inPlace: &event)
        case .error, .completed:
            end(&event)
        }
    }

    @inline(__always) private func end(_ event: inout Event<Element>) {
        let all = groupsInOrder
        groups = [:]
        groupsInOrder = []
        for group in all { group.on(inPlace: &event) }
        // In place, as the groups' (a terminal event also runs down a chain of groupBys).
        var stop: Event<GroupedObservable<Key, Element>> = if case .error(let error) = event { .error(error) } else { .completed }
        forward(&stop)
        sourceSubscription.dispose()
    }
}
