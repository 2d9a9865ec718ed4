/// A type that can be turned into an `Observable`.
public protocol ObservableConvertibleType<Element> {
    /// The type of elements of the sequence.
    associatedtype Element

    /// Returns the observable sequence this value stands for.
    func asObservable() -> Observable<Element>
}
