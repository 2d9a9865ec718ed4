"""Tests of diagrams.py's reading of marble lines and of its comparison with a run (Scripts/docs
runs them before drawing): `python3 -m unittest discover -s Scripts/marbles`."""
import unittest

from diagrams import DETECT, alt_text, compare, horizon, parse, parse_marbles, svg

KEY = ("file:///x/Sources/Reactive/Operators/Map.swift", 3)


def run_of(output, legend=None, inputs=None):
    return {"id": "Map-4", "inputs": inputs or [{"name": "source", "events": []}], "output": output, "legend": legend or {}}


def event(time, kind="next", text=""):
    return {"time": time, "kind": kind, "text": text}


class ParseTests(unittest.TestCase):
    def test_marbles_groupsTakeOneFrame_andSpacesAreIgnored(self):
        events, frames = parse_marbles("-a-(bc|) -")
        self.assertEqual([(e.time, e.kind, e.symbol) for e in events], [(1, "next", "a"), (3, "next", "b"), (3, "next", "c"), (3, "completed", "")])
        self.assertEqual(frames, 5)

    def test_marbles_unclosedOrNestedGroup_isAnError(self):
        for bad in ["--(a", "(a(b))", "a)"]:
            with self.assertRaises(ValueError, msg=bad):
                parse_marbles(bad)

    def test_line_namesItsInputs_expression_output_andLegend(self):
        [diagram] = parse(KEY, '`--1--|` with other `-x-` with inner `-a|` → `zip(other)` → `--x--|` where `x = (1, "a")`, `# = RxError.timeout` and prose')
        self.assertEqual(diagram.inputs, [("source", "--1--|"), ("other", "-x-"), ("inner", "-a|")])
        self.assertEqual(diagram.expression, "zip(other)")
        self.assertEqual(diagram.output, "--x--|")
        self.assertEqual(diagram.legend, {"x": '(1, "a")', "#": "RxError.timeout"})
        self.assertEqual(diagram.id, "Map-4")

    def test_line_furtherExamples_runTheSameExpression(self):
        first, second = parse(KEY, '`-----|` → `ifEmpty(default: 0)` → `-----(0|)`; `--1--|` → `--1--|`')
        self.assertEqual((second.inputs, second.expression, second.output, second.id), ([("source", "--1--|")], "ifEmpty(default: 0)", "--1--|", "Map-4-2"))
        self.assertEqual(first.output, "-----(0|)")

    def test_prose_thatLooksLikeAMarbleLine_isDetected_andRejected(self):
        text = "`--A----B--|` → `switchLatest()` → elements of A until B arrives"
        self.assertTrue(DETECT.search(text))
        with self.assertRaises(ValueError):
            parse(KEY, text)

    def test_ordinaryProse_isNotAMarbleLine(self):
        for text in ["Returns `map` → `filter` chains.", "`PublishSubject → map → subscribe`", "Sends `a` then `b`."]:
            self.assertFalse(DETECT.search(text), text)

    def test_horizon_isTheLineEndWhenItGoesOn_andLaterWhenItEnds(self):
        [endless] = parse(KEY, "`--1--#` → `retry()` → `--1----1--`")
        [ending] = parse(KEY, "`--1--|` → `map { $0 }` → `--1--|`")
        self.assertEqual(horizon(endless), 10)
        self.assertEqual(horizon(ending), 16)


class CompareTests(unittest.TestCase):
    def diagram(self, text):
        [diagram] = parse(KEY, text)
        return diagram

    def test_agreeingRun_hasNoProblem(self):
        diagram = self.diagram("`--1--2--|` → `map { $0 * 2 }` → `--2--4--|`")
        self.assertEqual(compare(diagram, run_of([event(2, text="2"), event(5, text="4"), event(8, "completed")])), [])

    def test_wrongValue_lateCompletion_extraAndMissingEvents_areNamed(self):
        diagram = self.diagram("`--1--2--|` → `map { $0 * 2 }` → `--2--4--|`")
        cases = [
            ([event(2, text="2"), event(5, text="5"), event(8, "completed")], "the line says next(4) at 5, the run sent next(5) at 5"),
            ([event(2, text="2"), event(5, text="4"), event(9, "completed")], "the line says completed at 8, the run sent completed at 9"),
            ([event(2, text="2"), event(5, text="4")], "the line says completed at 8, the run sent nothing more"),
            ([event(2, text="2"), event(5, text="4"), event(6, text="6"), event(8, "completed")], "the line says completed at 8, the run sent next(6) at 6"),
        ]
        for output, problem in cases:
            self.assertEqual(compare(diagram, run_of(output)), [problem])

    def test_legendValues_areComparedAsTheRunPrintedThem(self):
        diagram = self.diagram('`--1--|` → `map { ($0, "a") }` → `--x--|` where `x = (1, "a")`')
        self.assertEqual(compare(diagram, run_of([event(2, text='(1, "a")'), event(5, "completed")], legend={"x": '(1, "a")'})), [])
        self.assertEqual(compare(diagram, run_of([event(2, text='(1, "b")'), event(5, "completed")], legend={"x": '(1, "a")'})),
                         ['the line says next((1, "a")) at 2, the run sent next((1, "b")) at 2'])

    def test_error_matchesAnyError_unlessTheLegendNamesIt(self):
        any_error = self.diagram("`--#` → `map { $0 }` → `--#`")
        self.assertEqual(compare(any_error, run_of([event(2, "error", "MarbleError(#)")])), [])
        named = self.diagram("`--#` → `map { $0 }` → `--#` where `# = RxError.timeout`")
        self.assertEqual(compare(named, run_of([event(2, "error", "Sequence timeout.")], legend={"#": "Sequence timeout."})), [])
        self.assertEqual(len(compare(named, run_of([event(2, "error", "MarbleError(#)")], legend={"#": "Sequence timeout."}))), 1)

    def test_endlessLine_ignoresWhatTheRunSentAfterItsEnd(self):
        diagram = self.diagram("`--1--#` → `retry()` → `--1----1--`")
        self.assertEqual(compare(diagram, run_of([event(2, text="1"), event(7, text="1"), event(12, text="1")])), [])


class DrawingTests(unittest.TestCase):
    def test_drawing_showsEveryEvent_withItsTime(self):
        [diagram] = parse(KEY, "`--1--#` with other `-7|` → `catch { _ in other }` → `--1---7|`")
        run = run_of([event(2, text="1"), event(6, text="7"), event(7, "completed")],
                     inputs=[{"name": "source", "events": [event(2, text="1"), event(5, "error", "MarbleError(#)")]},
                             {"name": "other", "events": [event(1, text="7"), event(2, "completed")]}])
        drawing = svg(diagram, run)
        for title in ["next(1) at 2", "error at 5: MarbleError(#)", "next(7) at 1", "completed at 2", "next(7) at 6", "completed at 7"]:
            self.assertIn(f"<title>{title}</title>", drawing)
        self.assertIn(">other</text>", drawing)
        self.assertIn("catch { _ in other }", drawing)


    def test_altText_escapesWhatMarkdownWouldRead(self):
        [diagram] = parse(KEY, '`--1--|` → `scan(into: [Int]()) { "\\($0)" }` → `--x--|` where `x = [1]`')
        self.assertIn('scan(into: \\[Int\\]()) { "\\\\($0)" }', alt_text(diagram))


if __name__ == "__main__":
    unittest.main()
