#!/usr/bin/env python3
"""Draws the docs' marble diagrams from real runs, and fails when a run disagrees with its line.

Called by Scripts/docs with the symbol-graph folder, the catalog copy to put the drawings in,
the folder of the built modules and the build folder. For each marble line of a public doc
comment (the grammar is in Reactive.docc/ReadingMarbleDiagrams.md):

    `--1--2--3--|` → `map { $0 * 2 }` → `--2--4--6--|`

it writes a Swift call that runs the expression on a TestScheduler with the line's inputs,
compiles all of them against the library (Scripts/marbles/Runner.swift holds the rest), runs
them, compares each result with the line's output, draws an SVG of the inputs, the expression and
what the run sent, and puts an image of it under the line in the symbol graph. Nothing here is
drawn by hand, and nothing it makes is committed.
"""
import glob
import html
import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))

# A doc line is a marble line when it has an arrow and a backticked timeline (`--` or `|` in
# backticks): such a line must parse, or the build fails, so none goes undrawn.
DETECT = re.compile(r"→.*`[^`]*(--|\|)[^`]*`|`[^`]*(--|\|)[^`]*`.*→")
LINE = re.compile(
    r"^`(?P<source>[^`]*)`"
    r"(?P<inputs>(?: with \w+ `[^`]*`)*)"
    r" → `(?P<expression>[^`]+)`"
    r" → `(?P<output>[^`]*)`"
    r"(?P<rest>.*)$"
)
WITH = re.compile(r" with (\w+) `([^`]*)`")
EXTRA = re.compile(r"; `([^`]*)`((?: with \w+ `[^`]*`)*) → `([^`]*)`")
LEGEND = re.compile(r"`(\S) = ([^`]+)`")
MARBLE_CHARACTERS = re.compile(r"^[-|#()\w ]*$")


@dataclass
class Event:
    time: int
    kind: str  # next, error, completed
    symbol: str  # the character of the line ("" for completed)


@dataclass
class Diagram:
    id: str
    uri: str
    line: int
    text: str
    inputs: list  # [(name, marbles)]
    expression: str
    output: str
    legend: dict  # symbol -> Swift expression
    places: list = field(default_factory=list)  # [(graph path, symbol index, line index)]


def parse_marbles(marbles):
    """ReactiveTest's Marbles grammar, one tick a frame: `-` a frame, `(…)` one frame of several
    events, `|` completed, `#` an error, any other character an element."""
    events, time, group = [], 0, False
    for character in marbles:
        if character == " ":
            continue
        if character == "-":
            time += 1
            continue
        if character == "(":
            if group:
                raise ValueError(f"nested group in `{marbles}`")
            group = True
            continue
        if character == ")":
            if not group:
                raise ValueError(f"`)` without `(` in `{marbles}`")
            group = False
            time += 1
            continue
        kind = {"|": "completed", "#": "error"}.get(character, "next")
        events.append(Event(time, kind, "" if kind == "completed" else character))
        if not group:
            time += 1
    if group:
        raise ValueError(f"unclosed group in `{marbles}`")
    return events, time


def frames(marbles):
    return parse_marbles(marbles)[1]


def terminated(marbles):
    return any(event.kind != "next" for event in parse_marbles(marbles)[0])


def parse(key, text):
    """The diagrams of a line: its first example, and each further one (`; `input` → `output``),
    which runs the same expression."""
    match = LINE.match(text)
    if not match:
        raise ValueError("not in the grammar `input` [with name `input`]… → `expression` → `output` [where `x = value`, …]")
    rest = match["rest"]
    legend = {}
    if " where " in rest:
        legend = dict(LEGEND.findall(rest[rest.index(" where "):]))
        if not legend:
            raise ValueError("`where` names no value (write `x = value` in backticks)")
    examples = [(match["source"], match["inputs"], match["output"])] + EXTRA.findall(rest)
    uri, line = key
    name = os.path.splitext(os.path.basename(uri))[0]
    diagrams = []
    for index, (source, more, output) in enumerate(examples):
        inputs = [("source", source)] + WITH.findall(more)
        for input_name, marbles in inputs + [("result", output)]:
            if not MARBLE_CHARACTERS.match(marbles):
                raise ValueError(f"{input_name} `{marbles}` has characters outside the marble grammar")
            parse_marbles(marbles)
        suffix = f"-{index + 1}" if index else ""
        diagrams.append(Diagram(f"{name}-{line + 1}{suffix}", uri, line, text, inputs, match["expression"], output, legend))
    return diagrams


def collect(graphs):
    found, problems = {}, []
    for path in sorted(glob.glob(os.path.join(graphs, "*", "*.symbols.json"))):
        graph = json.load(open(path))
        for symbol_index, symbol in enumerate(graph["symbols"]):
            comment = symbol.get("docComment")
            if not comment or symbol.get("accessLevel") not in ("public", "open"):
                continue
            uri = comment.get("uri", "")
            for line_index, line in enumerate(comment["lines"]):
                text = line["text"].strip()
                if not DETECT.search(text):
                    continue
                key = (uri, line["range"]["start"]["line"])
                if key not in found:
                    try:
                        found[key] = parse(key, text)
                    except ValueError as error:
                        problems.append(f"{where(key)}: marble line `{text}`: {error}")
                        found[key] = []
                for diagram in found[key]:
                    diagram.places.append((path, symbol_index, line_index))
    return [diagram for diagrams in found.values() for diagram in diagrams], problems


def where(key):
    uri, line = key
    return f"{uri.split('/Sources/')[-1]}:{line + 1}"


def swift_string(text):
    """A Swift string literal of `text` (a timeline or an id: JSON's escapes are Swift's)."""
    return json.dumps(text, ensure_ascii=False)


def swift_values(marbles, legend):
    """The `values:` of an input: a digit is an Int, a letter a String, unless the legend says."""
    symbols = sorted({event.symbol for event in parse_marbles(marbles)[0] if event.kind == "next"})
    if not symbols:
        return "[Character: Int]()"
    entries = []
    for symbol in symbols:
        if symbol in legend:
            entries.append(f'"{symbol}": {legend[symbol]}')
        elif symbol.isdigit():
            entries.append(f'"{symbol}": {symbol}')
        else:
            entries.append(f'"{symbol}": "{symbol}"')
    return "[" + ", ".join(entries) + "]"


def horizon(diagram):
    """When the run is disposed: the end of the output line when it does not end, else well after
    every line's end, so that an event the line does not show is seen."""
    if not terminated(diagram.output):
        return frames(diagram.output)
    return max(frames(marbles) for _, marbles in diagram.inputs + [("", diagram.output)]) + 10


def generate(diagrams):
    cases = []
    for diagram in diagrams:
        declarations = "\n".join(
            f"    let {name} = scheduler.createColdObservable({swift_string(marbles)}, values: {swift_values(marbles, diagram.legend)}, frame: 1)"
            for name, marbles in diagram.inputs[1:] + diagram.inputs[:1]
        )
        first = re.match(r"[\w.]+", diagram.expression)
        names = {name for name, _ in diagram.inputs}
        explicit = first and (first.group(0)[0].isupper() or first.group(0).split(".")[0] in names)
        expression = diagram.expression if explicit else f"source.{diagram.expression}"
        output_symbols = {event.symbol for event in parse_marbles(diagram.output)[0]}
        legend = ", ".join(f'"{symbol}": ({value}) as Any' for symbol, value in diagram.legend.items() if symbol in output_symbols)
        cases.append(
            f"// {where((diagram.uri, diagram.line))}\n"
            "do {\n"
            "    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)\n"
            f"{declarations}\n"
            f"    let legend: [String: Any] = [{legend or ':'}]\n"
            f"    draw({swift_string(diagram.id)}, on: scheduler, horizon: {horizon(diagram)}, inputs: [{', '.join(f'Input({json.dumps(name)}, {name})' for name, _ in diagram.inputs)}], legend: legend) {{\n"
            f"        {expression}\n"
            "    }\n"
            "}\n"
        )
    return "import Foundation\nimport Reactive\nimport ReactiveKVO\nimport ReactiveTest\n\n" + "\n".join(cases) + "\nwriteRuns(to: CommandLine.arguments[1])\n"


def compare(diagram, run):
    """The differences between the line's output and what the run sent, as sentences."""
    expected = parse_marbles(diagram.output)[0]
    actual = run["output"]
    limit = horizon(diagram)
    if not terminated(diagram.output):
        actual = [event for event in actual if event["time"] < limit]

    def text(event):
        if event.kind == "completed":
            return ""
        return run["legend"].get(event.symbol, event.symbol)

    def show(time, kind, value):
        return {"next": f"next({value}) at {time}", "error": f"error at {time}", "completed": f"completed at {time}"}[kind]

    problems = []
    for index in range(max(len(expected), len(actual))):
        want = expected[index] if index < len(expected) else None
        got = actual[index] if index < len(actual) else None
        if want and got and want.time == got["time"] and want.kind == got["kind"]:
            if want.kind == "completed":
                continue
            if want.kind == "error" and want.symbol not in run["legend"]:
                continue
            if text(want) == got["text"]:
                continue
        wanted = show(want.time, want.kind, text(want)) if want else "nothing more"
        sent = show(got["time"], got["kind"], got["text"]) if got else "nothing more"
        problems.append(f"the line says {wanted}, the run sent {sent}")
        break
    return problems


# Drawing: one timeline a row, inputs first, then the expression in a box, then the result.
FRAME = 30
RADIUS = 13
CHAR = 7.3
ROW = 48
MARGIN = 24
LABEL = 64
MAXIMUM_WIDTH = 620


def marble_width(text):
    return max(2 * RADIUS, len(text) * CHAR + 14)


def layout(rows):
    """The x of each tick: one frame apart, wider where the marbles at a tick (side by side when
    they share it) need the room, and the same on every row."""
    last = max([event["time"] for row in rows for event in row["events"]] + [row["frames"] for row in rows] + [1])
    extent = {}
    for row in rows:
        groups = {}
        for event in row["events"]:
            groups.setdefault(event["time"], []).append(event)
        for time, group in groups.items():
            width = sum(marble_width(e["text"]) if e["kind"] == "next" else 12 for e in group) + 4 * (len(group) - 1)
            extent[time] = max(extent.get(time, 0), width)
    xs, x = {}, MARGIN + LABEL
    for time in range(last + 2):
        if time > 0:
            previous = extent.get(time - 1, 2 * RADIUS)
            current = extent.get(time, 2 * RADIUS)
            x += max(FRAME, (previous - 2 * RADIUS) / 2 + (current - 2 * RADIUS) / 2 + FRAME)
        xs[time] = x
    return xs


def draw_row(row, y, xs, out):
    end = xs[max(xs)] + FRAME / 2
    ends_at = next((e["time"] for e in row["events"] if e["kind"] != "next"), None)
    out.append(f'<text x="{MARGIN}" y="{y + 4}" class="name">{html.escape(row["name"])}</text>')
    out.append(f'<line x1="{MARGIN + LABEL - 8}" y1="{y}" x2="{end}" y2="{y}" class="axis"/>')
    out.append(f'<path d="M{end} {y - 5} L{end + 9} {y} L{end} {y + 5} Z" class="arrow"/>')
    groups = {}
    for event in row["events"]:
        groups.setdefault(event["time"], []).append(event)
    for time, group in sorted(groups.items()):
        widths = [marble_width(e["text"]) if e["kind"] == "next" else 12 for e in group]
        left = xs[time] - widths[0] / 2
        for event, width in zip(group, widths):
            center = left + width / 2
            if event["kind"] == "next":
                shape = (
                    f'<circle cx="{center}" cy="{y}" r="{RADIUS}" class="marble"/>'
                    if width == 2 * RADIUS
                    else f'<rect x="{center - width / 2}" y="{y - RADIUS}" width="{width}" height="{2 * RADIUS}" rx="{RADIUS}" class="marble"/>'
                )
                out.append(f'<g><title>next({html.escape(event["text"])}) at {time}</title>{shape}'
                           f'<text x="{center}" y="{y + 4.5}" class="value">{html.escape(event["text"])}</text></g>')
            elif event["kind"] == "completed":
                out.append(f'<g><title>completed at {time}</title><line x1="{center}" y1="{y - RADIUS}" x2="{center}" y2="{y + RADIUS}" class="end"/></g>')
            else:
                out.append(f'<g><title>error at {time}: {html.escape(event["text"])}</title>'
                           f'<path d="M{center - 7} {y - 7} L{center + 7} {y + 7} M{center + 7} {y - 7} L{center - 7} {y + 7}" class="error"/></g>')
            left += width + 4
    del ends_at


def svg(diagram, run):
    names = {name for name, _ in diagram.inputs}
    notes = []
    rows = []
    for index, ((name, marbles), timeline) in enumerate(zip(diagram.inputs, run["inputs"])):
        # An input's element given in the legend shows as its symbol, the legend listed below
        # (an element that is another input shows as that input's name).
        symbols = [event.symbol for event in parse_marbles(marbles)[0]]
        events = []
        for symbol, event in zip(symbols, timeline["events"]):
            value = diagram.legend.get(symbol)
            if event["kind"] == "next" and value is not None:
                event = dict(event, text=value if value in names else symbol)
                note = f"{symbol} = {value}"
                if value not in names and note not in notes:
                    notes.append(note)
            events.append(event)
        rows.append({"name": name if index else "", "events": events, "frames": frames(marbles)})
    output = {"name": "", "events": run["output"], "frames": frames(diagram.output)}
    xs = layout(rows + [output])
    # A long expression wraps rather than widening the drawing past what a page's column shows
    # at full size.
    width = max(xs[max(xs)] + FRAME / 2 + 9 + MARGIN, min(len(diagram.expression) * CHAR + 2 * MARGIN + 24, MAXIMUM_WIDTH),
                max([len(note) * CHAR for note in notes] + [0]) + 2 * MARGIN)
    expression_lines = textwrap.wrap(diagram.expression, int((width - 2 * MARGIN - 24) / CHAR), break_long_words=False) or [""]
    box_height = 14 + 20 * len(expression_lines)
    last_input = MARGIN + RADIUS + ROW * (len(rows) - 1)
    box_y = last_input + RADIUS + 12
    output_y = box_y + box_height + RADIUS + 12
    height = output_y + RADIUS + MARGIN + 18 * len(notes)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img">',
        f"<title>{html.escape(diagram.text)}</title>",
        "<style>"
        ".axis{stroke:#6e6e73;stroke-width:1.5}.arrow{fill:#6e6e73}"
        ".marble{fill:#fdf3d8;stroke:#b07d12;stroke-width:1.5}"
        ".value{font:12px ui-monospace,Menlo,monospace;text-anchor:middle;fill:#1d1d1f}"
        ".name,.note{font:italic 12px ui-monospace,Menlo,monospace;fill:#6e6e73}.note{font-style:normal}"
        ".end{stroke:#1d1d1f;stroke-width:2.5}.error{stroke:#c62828;stroke-width:2.5;fill:none}"
        ".box{fill:#eef3fb;stroke:#4a6fa5;stroke-width:1.2}"
        ".expression{font:13px ui-monospace,Menlo,monospace;text-anchor:middle;fill:#1d1d1f}"
        "@media (prefers-color-scheme: dark){.axis{stroke:#a1a1a6}.arrow{fill:#a1a1a6}"
        ".name,.note{fill:#a1a1a6}.end{stroke:#f5f5f7}}"
        "</style>",
    ]
    for index, row in enumerate(rows):
        draw_row(row, MARGIN + RADIUS + ROW * index, xs, out)
    out.append(f'<rect x="{MARGIN / 2}" y="{box_y}" width="{width - MARGIN}" height="{box_height}" rx="5" class="box"/>')
    for index, line in enumerate(expression_lines):
        out.append(f'<text x="{width / 2}" y="{box_y + 21.5 + 20 * index}" class="expression">{html.escape(line)}</text>')
    draw_row(output, output_y, xs, out)
    for index, note in enumerate(notes):
        out.append(f'<text x="{MARGIN}" y="{output_y + RADIUS + 20 + 18 * index}" class="note">{html.escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def alt_text(diagram):
    """The image's description, escaped for Markdown's image syntax (an expression may hold
    brackets and backslashes)."""
    inputs = "; ".join(f"{name} {marbles}" for name, marbles in diagram.inputs)
    text = f"Marble diagram, drawn from a run: {inputs}; {diagram.expression} sends {diagram.output}"
    return re.sub(r"([\\\[\]])", r"\\\1", text)


def main():
    graphs, catalog, modules, build = sys.argv[1:5]
    diagrams, problems = collect(graphs)
    work = os.path.join(os.path.dirname(os.path.abspath(graphs)), "marbles")
    os.makedirs(work, exist_ok=True)
    open(os.path.join(work, "main.swift"), "w").write(generate(diagrams))
    objects = sorted(path for module in ("Reactive", "ReactiveKVO", "ReactiveTest") for path in glob.glob(os.path.join(build, module + ".build", "*.o")))
    runner = os.path.join(work, "runner")
    compiled = subprocess.run(
        ["swiftc", "-swift-version", "6", "-I", modules, os.path.join(HERE, "Runner.swift"), os.path.join(work, "main.swift"), *objects, "-o", runner],
        capture_output=True, text=True,
    )
    if compiled.returncode != 0 or "warning:" in compiled.stderr:
        sys.stderr.write(compiled.stderr)
        sys.exit("error: the marble lines' expressions do not compile (the generated code is in " + work + "/main.swift)")
    result = os.path.join(work, "runs.json")
    subprocess.run([runner, result], check=True)
    runs = {run["id"]: run for run in json.load(open(result))}
    images = os.path.join(catalog, "marbles")
    os.makedirs(images, exist_ok=True)
    graph_cache = {}
    for diagram in diagrams:
        run = runs[diagram.id]
        for problem in compare(diagram, run):
            problems.append(f"{where((diagram.uri, diagram.line))}: `{diagram.expression}`: {problem}")
        name = f"marble-{diagram.id.lower()}"
        open(os.path.join(images, name + ".svg"), "w").write(svg(diagram, run))
        for path, symbol_index, line_index in diagram.places:
            graph = graph_cache.setdefault(path, json.load(open(path)))
            line = graph["symbols"][symbol_index]["docComment"]["lines"][line_index]
            line["text"] = line["text"] + "\n\n" + f"![{alt_text(diagram)}]({name}.svg)" + "\n"
    for path, graph in graph_cache.items():
        json.dump(graph, open(path, "w"))
    for problem in problems:
        print("marble diagram:", problem)
    if problems:
        sys.exit(f"error: {len(problems)} marble lines disagree with their runs or do not parse")
    print(f"{len(diagrams)} marble diagrams drawn from runs, in {images}")


if __name__ == "__main__":
    main()
