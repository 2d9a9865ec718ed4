// The layouts of the per-arity `combineLatest` and `zip` (2 to 8 sources), built in code
// specialised for the sources' element types (see `CombinedLayout.appendSpecialised`). One
// initialiser per arity rather than a parameter pack: a pack expansion runs as a loop over the
// pack's metadata even where its types are known.

extension CombinedLayout {
    /// The layout of 2 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ source1: O1, _ source2: O2) {
        self.init(capacity: 2)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
    }

    /// The layout of 3 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3) {
        self.init(capacity: 3)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
        appendSpecialised(source3.asObservable())
    }

    /// The layout of 4 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4) {
        self.init(capacity: 4)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
        appendSpecialised(source3.asObservable())
        appendSpecialised(source4.asObservable())
    }

    /// The layout of 5 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5) {
        self.init(capacity: 5)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
        appendSpecialised(source3.asObservable())
        appendSpecialised(source4.asObservable())
        appendSpecialised(source5.asObservable())
    }

    /// The layout of 6 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6) {
        self.init(capacity: 6)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
        appendSpecialised(source3.asObservable())
        appendSpecialised(source4.asObservable())
        appendSpecialised(source5.asObservable())
        appendSpecialised(source6.asObservable())
    }

    /// The layout of 7 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7) {
        self.init(capacity: 7)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
        appendSpecialised(source3.asObservable())
        appendSpecialised(source4.asObservable())
        appendSpecialised(source5.asObservable())
        appendSpecialised(source6.asObservable())
        appendSpecialised(source7.asObservable())
    }

    /// The layout of 8 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, O8: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8) {
        self.init(capacity: 8)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
        appendSpecialised(source3.asObservable())
        appendSpecialised(source4.asObservable())
        appendSpecialised(source5.asObservable())
        appendSpecialised(source6.asObservable())
        appendSpecialised(source7.asObservable())
        appendSpecialised(source8.asObservable())
    }
}
