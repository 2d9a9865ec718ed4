import Reactive

/// Draws timed events and subscriptions as marble lines on one shared time axis, for the
/// failure messages of the test kit's assertions.
///
/// Every line of a drawing shares the same columns: one column per frame (the greatest common
/// divisor of the times drawn) when the span is short enough to read, else one column per
/// distinct time; a column is as wide as the widest thing any line puts there, so a group
/// `(ab)` or a long time label never shifts the lines apart.
struct MarbleDrawing {
    /// One thing drawn at a time: an element (by its symbol), a completion, an error.
    enum Mark: Equatable {
        case element(String)
        case completed
        case error(String)
    }

    /// One named line of timed marks.
    struct Line {
        var name: String
        var marks: [(time: TestTime, mark: Mark)]
    }

    /// Longest axis drawn one column per frame; beyond it, one column per distinct time.
    static let maximumFrames = 80

    /// The drawing of `lines` and, below them, of `subscriptions` (named lines of intervals),
    /// with a ruler of the times above, a `↑` under `highlight`'s column, and a legend of the
    /// elements and errors that do not fit in one character.
    static func draw(_ lines: [Line], subscriptions: [(name: String, intervals: [Subscription])] = [], highlight: TestTime?) -> String {
        let symbols = SymbolTable(lines.flatMap { $0.marks.map(\.mark) })
        var times = Set(lines.flatMap { $0.marks.map(\.time) })
        for (_, intervals) in subscriptions {
            for interval in intervals {
                times.insert(interval.subscribe)
                if interval.unsubscribe != Int.max { times.insert(interval.unsubscribe) }
            }
        }
        if let highlight { times.insert(highlight) }
        let axis = Axis(times: times.sorted())

        // Each line's text in each column.
        var rows: [(name: String, cells: [Int: String], kind: RowKind)] = []
        for line in lines {
            var cells: [Int: String] = [:]
            for (column, marks) in Dictionary(grouping: line.marks, by: { axis.column(of: $0.time) }) {
                let drawn = marks.map { symbols.symbol(for: $0.mark) }.joined()
                cells[column] = marks.count > 1 ? "(\(drawn))" : drawn
            }
            let end = line.marks.first(where: { $0.mark.isTerminal }).map { axis.column(of: $0.time) }
            rows.append((line.name, cells, .events(end: end)))
        }
        for (name, intervals) in subscriptions {
            if intervals.isEmpty {
                rows.append((name, [:], .none))
            }
            for (index, interval) in intervals.enumerated() {
                let from = axis.column(of: interval.subscribe)
                let to = interval.unsubscribe == Int.max ? nil : axis.column(of: interval.unsubscribe)
                var cells = [from: "^"]
                if let to { cells[to] = from == to ? "^!" : "!" }
                rows.append((index == 0 ? name : "", cells, .subscription(from: from, to: to)))
            }
        }

        // Column widths: what every line, and the ruler's label, puts in each column.
        // With one column per distinct time, each is wide enough for its time label and a
        // `-` after it, so that neighbouring times read apart.
        var widths = axis.columns.map { axis.isCompact ? "\($0)".count + 1 : 1 }
        for row in rows {
            for (column, text) in row.cells { widths[column] = max(widths[column], text.count) }
        }
        var offsets: [Int] = []
        var position = 0
        for width in widths {
            offsets.append(position)
            position += width
        }
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let indent = String(repeating: " ", count: nameWidth + 2)

        var output: [String] = []
        output.append(indent + ruler(axis: axis, times: times, offsets: offsets, total: position))
        for row in rows {
            var text = ""
            for column in axis.columns.indices {
                let cell = row.cells[column]
                let filler: Character = row.kind.fills(column) ? "-" : " "
                let content = cell ?? String(filler)
                text += content + String(repeating: filler, count: widths[column] - content.count)
            }
            while text.hasSuffix(" ") { text.removeLast() }
            output.append(row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + text)
        }
        if let highlight {
            output.append(indent + String(repeating: " ", count: offsets[axis.column(of: highlight)]) + "↑ \(highlight)")
        }
        output += symbols.legend
        return output.joined(separator: "\n")
    }

    /// The time labels above the columns: the first and last columns' and each marked
    /// column's, where there is room.
    private static func ruler(axis: Axis, times: Set<TestTime>, offsets: [Int], total: Int) -> String {
        var text = ""
        for (column, time) in axis.columns.enumerated() where times.contains(time) || column == 0 {
            let label = "\(time)"
            let start = offsets[column]
            if start < text.count + (text.isEmpty ? 0 : 1) { continue }
            text += String(repeating: " ", count: start - text.count) + label
        }
        return text
    }

    private enum RowKind {
        case events(end: Int?)
        case subscription(from: Int, to: Int?)
        case none

        /// Whether an empty column draws the line (`-`) or nothing: a line of events stops
        /// after its terminal event, a subscription is drawn from `^` to `!`.
        func fills(_ column: Int) -> Bool {
            switch self {
            case .events(let end): return end.map { column < $0 } ?? true
            case .subscription(let from, let to): return column > from && (to.map { column < $0 } ?? true)
            case .none: return false
            }
        }
    }

    /// The columns: every frame from 0 when the times fit in `maximumFrames` frames, else
    /// every frame from the first time, else each distinct time.
    struct Axis {
        let columns: [TestTime]
        private let frame: TestTime?
        private let start: TestTime

        /// One column per distinct time, not per frame.
        var isCompact: Bool { frame == nil }

        init(times: [TestTime]) {
            guard let first = times.first, let last = times.last else {
                columns = [0]
                frame = nil
                start = 0
                return
            }
            let step = times.reduce(0) { greatestCommonDivisor($0, $1) }
            if step > 0, first >= 0 {
                let origin = last / step < maximumFrames ? 0 : first
                if (last - origin) / step < maximumFrames {
                    frame = step
                    start = origin
                    columns = Array(stride(from: origin, through: last, by: step))
                    return
                }
            }
            frame = nil
            start = first
            columns = times
        }

        /// The column drawing `time`, which must be one of the times the axis was made from.
        func column(of time: TestTime) -> Int {
            if let frame { return (time - start) / frame }
            return columns.firstIndex(of: time) ?? 0
        }
    }

    /// One character for each element and error: the element's own description when it is one
    /// character the diagram syntax does not use, else a letter listed in the legend.
    struct SymbolTable {
        private var assigned: [Mark: String] = [:]
        private(set) var legend: [String] = []

        init(_ marks: [Mark]) {
            let reserved: Set<Character> = ["-", "|", "#", "(", ")", "^", "!", " "]
            var literal = Set<Character>()
            for case .element(let text) in marks {
                if text.count == 1, let character = text.first, !reserved.contains(character) {
                    literal.insert(character)
                    assigned[.element(text)] = text
                }
            }
            var letters = (Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") + Array("αβγδεζηθικλμνξοπρστυφχψω"))
                .filter { !literal.contains($0) }[...]
            var errors = 0
            for mark in marks where assigned[mark] == nil {
                switch mark {
                case .element(let text):
                    let symbol = letters.popFirst().map(String.init) ?? "?"
                    assigned[mark] = symbol
                    legend.append("\(symbol) = \(text)")
                case .error(let text):
                    errors += 1
                    assigned[mark] = "#"
                    legend.append("# = error(\(text))")
                case .completed:
                    assigned[mark] = "|"
                }
            }
            if errors > 1 {
                // Several errors all draw as `#`; the legend lists them in the order they appear.
                legend = legend.map { $0.hasPrefix("# = ") ? "# (in order) " + $0.dropFirst(2) : $0 }
            }
        }

        func symbol(for mark: Mark) -> String { assigned[mark] ?? "?" }
    }
}

extension MarbleDrawing.Mark: Hashable {
    /// A completion or an error.
    var isTerminal: Bool {
        if case .element = self { return false }
        return true
    }
}

private func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (abs(a), abs(b))
    while b != 0 { (a, b) = (b, a % b) }
    return a
}

/// An event the drawing can show: what it puts on the line at its time.
protocol MarbleDrawable {
    var marbleMarks: [MarbleDrawing.Mark] { get }
}

extension Event: MarbleDrawable {
    var marbleMarks: [MarbleDrawing.Mark] {
        switch self {
        case .next(let element): return [.element(String(describing: element))]
        case .error(let error): return [.error(String(describing: error))]
        case .completed: return [.completed]
        }
    }
}

/// A `Single`'s success is its element and its end at once: `(a|)`.
extension Result: MarbleDrawable {
    var marbleMarks: [MarbleDrawing.Mark] {
        switch self {
        case .success(let element): return [.element(String(describing: element)), .completed]
        case .failure(let error): return [.error(String(describing: error))]
        }
    }
}

extension MaybeEvent: MarbleDrawable {
    var marbleMarks: [MarbleDrawing.Mark] {
        switch self {
        case .success(let element): return [.element(String(describing: element)), .completed]
        case .error(let error): return [.error(String(describing: error))]
        case .completed: return [.completed]
        }
    }
}

extension CompletableEvent: MarbleDrawable {
    var marbleMarks: [MarbleDrawing.Mark] {
        switch self {
        case .error(let error): return [.error(String(describing: error))]
        case .completed: return [.completed]
        }
    }
}

extension MarbleDrawing {
    /// The failure message of two recorded event arrays that differ: `actual` (the assertion's
    /// first argument, as RxTest's tests write it) over `expected` on one axis, the first
    /// difference marked and spelled out.
    static func difference<Value: MarbleDrawable>(_ title: String, actual: [Recorded<Value>], expected: [Recorded<Value>], by match: (Value, Value) -> Bool) -> String {
        let index = zip(actual, expected).enumerated().first { !($1.0.time == $1.1.time && match($1.0.value, $1.1.value)) }?.offset ?? min(actual.count, expected.count)
        let sides = [actual, expected].map { index < $0.count ? $0[index] : nil }
        let time = sides.compactMap { $0?.time }.min() ?? 0
        let lines = [("actual", actual), ("expected", expected)].map { name, events in
            Line(name: name, marks: events.flatMap { recorded in recorded.value.marbleMarks.map { (recorded.time, $0) } })
        }
        let described = sides.map { $0.map { "\($0.value) @ \($0.time)" } ?? "nothing" }
        return "\(title); first difference at \(time):\n" + draw(lines, highlight: time)
            + "\nactual: \(described[0]); expected: \(described[1])"
    }

    /// The failure message of two subscription arrays that differ, drawn `^` to `!` (an open
    /// subscription runs to the end of the axis).
    static func difference(_ title: String, actual: [Subscription], expected: [Subscription]) -> String {
        let index = zip(actual, expected).enumerated().first { $1.0 != $1.1 }?.offset ?? min(actual.count, expected.count)
        let sides = [actual, expected].map { index < $0.count ? $0[index] : nil }
        let time: TestTime
        if let a = sides[0], let b = sides[1], a.subscribe == b.subscribe {
            time = min(a.unsubscribe, b.unsubscribe)
        } else {
            time = sides.compactMap { $0?.subscribe }.min() ?? 0
        }
        let described = sides.map { $0.map { String(reflecting: $0) } ?? "nothing" }
        return "\(title); first difference at \(time):\n"
            + draw([], subscriptions: [("actual", actual), ("expected", expected)], highlight: time)
            + "\nactual: \(described[0]); expected: \(described[1])"
    }
}
