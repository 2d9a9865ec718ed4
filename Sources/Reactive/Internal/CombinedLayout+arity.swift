// The layouts of the per-arity `combineLatest` and `zip` (2 to 8 sources), built in code
// specialised for the sources' element types (see `CombinedLayout.appendSpecialised`). One
// initialiser per arity rather than a parameter pack: a pack expansion runs as a loop over the
// pack's metadata even where its types are known. Each arity appends its last source to the
// layout of the arity below, with room for all reserved at once (`capacity`).

extension CombinedLayout {
    /// The layout of 2 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ source1: O1, _ source2: O2, capacity: Int = 2) {
        self.init(capacity: capacity)
        appendSpecialised(source1.asObservable())
        appendSpecialised(source2.asObservable())
    }

    /// The layout of 3 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, capacity: Int = 3) {
        self.init(source1, source2, capacity: capacity)
        appendSpecialised(source3.asObservable())
    }

    /// The layout of 4 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, capacity: Int = 4) {
        self.init(source1, source2, source3, capacity: capacity)
        appendSpecialised(source4.asObservable())
    }

    /// The layout of 5 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, capacity: Int = 5) {
        self.init(source1, source2, source3, source4, capacity: capacity)
        appendSpecialised(source5.asObservable())
    }

    /// The layout of 6 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, capacity: Int = 6) {
        self.init(source1, source2, source3, source4, source5, capacity: capacity)
        appendSpecialised(source6.asObservable())
    }

    /// The layout of 7 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, capacity: Int = 7) {
        self.init(source1, source2, source3, source4, source5, source6, capacity: capacity)
        appendSpecialised(source7.asObservable())
    }

    /// The layout of 8 sources, in order, with room for `capacity` sources.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, O8: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8, capacity: Int = 8) {
        self.init(source1, source2, source3, source4, source5, source6, source7, capacity: capacity)
        appendSpecialised(source8.asObservable())
    }
}
