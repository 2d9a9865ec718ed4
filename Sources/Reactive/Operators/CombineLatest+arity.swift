// The per-arity forms of `combineLatest` with a selector (2 to 8 sources, RxSwift's arities). The
// parameter-pack forms in CombineLatest.swift take any number; these exist for the type checker: with
// concrete generic parameters per source it reads each element type from its argument before
// it looks at the selector, where a pack leaves it solving the selector's body against every
// overload of its operators (an 8-way `+` did not type-check in reasonable time).

extension ObservableType {
    /// Combines the latest elements of the sources each time one of them sends an element.
    ///
    /// `--1-----2--|` with second `----a-----b--|` → `Observable.combineLatest(source, second) { "\($0)\($1)" }` → `----x---y-z--|` where `x = "1a"`, `y = "2a"`, `z = "2b"`
    ///
    /// Sends only once every source has sent an element. Completes when every source has
    /// completed, or when a source sends an element while every other source has completed and
    /// some source never sent one (nothing can be combined any more); a source's subscription
    /// is disposed when it completes, and the first error is forwarded and disposes every
    /// source. An error thrown by `resultSelector` is sent as an `error` event. The selector
    /// runs outside the operator's lock, one call at a time. 2 to 8 sources, as in RxSwift (a
    /// collection takes any number).
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2), reader: selectorReader(resultSelector)), arity: 2)
    }

    /// `combineLatest` of 3 sources with a selector: as with 2 sources.
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2, source3), reader: selectorReader(resultSelector)), arity: 3)
    }

    /// `combineLatest` of 4 sources with a selector: as with 2 sources.
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2, source3, source4), reader: selectorReader(resultSelector)), arity: 4)
    }

    /// `combineLatest` of 5 sources with a selector: as with 2 sources.
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2, source3, source4, source5), reader: selectorReader(resultSelector)), arity: 5)
    }

    /// `combineLatest` of 6 sources with a selector: as with 2 sources.
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2, source3, source4, source5, source6), reader: selectorReader(resultSelector)), arity: 6)
    }

    /// `combineLatest` of 7 sources with a selector: as with 2 sources.
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2, source3, source4, source5, source6, source7), reader: selectorReader(resultSelector)), arity: 7)
    }

    /// `combineLatest` of 8 sources with a selector: as with 2 sources.
    @inlinable public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, O8: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(layout: CombinedLayout(source1, source2, source3, source4, source5, source6, source7, source8), reader: selectorReader(resultSelector)), arity: 8)
    }

    /// Any number of sources with a selector, for the traits' forms (`Single.zip`,
    /// `Infallible.combineLatest`, …), which take parameter packs.
    @inlinable static func combineLatestPack<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Element) -> Observable<Element> {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(repeat each source, resultSelector: resultSelector), arity: packLength(repeat each source))
    }
}
