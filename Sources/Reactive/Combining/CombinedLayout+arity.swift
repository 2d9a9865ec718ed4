// The layouts of the per-arity `combineLatest` and `zip` (2 to 8 sources), built in code
// specialised for the sources' element types (see `CombinedLayout.specialisedRecord`). One
// initialiser per arity rather than a parameter pack: a pack expansion runs as a loop over the
// pack's metadata even where its types are known. Each arity's records are an array literal,
// made in one allocation of their exact count, with no check of the array's uniqueness or
// capacity per source.

extension CombinedLayout {
    /// The layout of 2 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ source1: O1, _ source2: O2) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable())]
        sources = records
    }

    /// The layout of 3 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable()), specialisedRecord(source3.asObservable())]
        sources = records
    }

    /// The layout of 4 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable()), specialisedRecord(source3.asObservable()), specialisedRecord(source4.asObservable())]
        sources = records
    }

    /// The layout of 5 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable()), specialisedRecord(source3.asObservable()), specialisedRecord(source4.asObservable()), specialisedRecord(source5.asObservable())]
        sources = records
    }

    /// The layout of 6 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable()), specialisedRecord(source3.asObservable()), specialisedRecord(source4.asObservable()), specialisedRecord(source5.asObservable()), specialisedRecord(source6.asObservable())]
        sources = records
    }

    /// The layout of 7 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable()), specialisedRecord(source3.asObservable()), specialisedRecord(source4.asObservable()), specialisedRecord(source5.asObservable()), specialisedRecord(source6.asObservable()), specialisedRecord(source7.asObservable())]
        sources = records
    }

    /// The layout of 8 sources, in order.
    @inlinable init<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, O8: ObservableConvertibleType>(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8) {
        self.init()
        let records = [specialisedRecord(source1.asObservable()), specialisedRecord(source2.asObservable()), specialisedRecord(source3.asObservable()), specialisedRecord(source4.asObservable()), specialisedRecord(source5.asObservable()), specialisedRecord(source6.asObservable()), specialisedRecord(source7.asObservable()), specialisedRecord(source8.asObservable())]
        sources = records
    }
}
