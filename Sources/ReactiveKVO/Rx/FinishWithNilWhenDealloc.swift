import Reactive

extension ObservableType {
    /// Sends `nil` and completes when `target` is deallocated; until then forwards the source.
    ///
    /// `--a--b------` → `source.map(Optional.some).finishWithNilWhenDealloc(object(releasedAt: 8, on: scheduler))` → `--a--b--(n|)` where `n = nil as String?`
    ///
    /// Holds `target` weakly. The source is disposed when the target goes.
    public func finishWithNilWhenDealloc<Wrapped>(_ target: some KeyValueObservable) -> Observable<Wrapped?> where Element == Wrapped? {
        let dealloc = deallocation(of: target, early: true).map { Wrapped?.none }
        return Observable.merge(asObservable().take(until: dealloc), dealloc)
    }
}
