"""A compositor that asks a widget only for the parts of a frame that show it.

Textual draws a frame's changes by cropping the screen to the one rectangle around all of
them and asking every widget under that rectangle for all of its lines there: a focus move
changes two cards on the table and the inspector at the side, so that rectangle covered most
of the screen, and every container behind the cards was drawn too, only to be covered by
them. Here the frame is cut into Textual's own "chops" (a run of a line where one widget is
in front); only the chops that meet a changed span are drawn, each by the front-most widget
there, and a widget none of whose wanted chops is still empty is not asked at all. The
picture is the same (tests/ui/test_table_kit.py compares every frame with Textual's own
drawing). Textual's private methods: listed in ui/textual_internals.py.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Region
from textual.strip import Strip

from ..textual_internals import ChopsUpdate, Compositor


class TableCompositor(Compositor):
    def render_partial_update(self) -> ChopsUpdate | None:
        regions = self._dirty_regions
        if not regions:
            return None
        screen = self.size.region
        changed = [r for r in (region.intersection(screen) for region in regions) if r]
        regions.clear()
        if not changed:
            return None
        spans = list(self._regions_to_spans(changed))
        wanted: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            wanted.setdefault(y, []).append((x1, x2))
        chops = self._draw_chops(wanted)
        return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in self.cuts])

    def _render_chops(self, crop: Region, is_rendered_line: Callable[[int], bool]):
        # (whole frames and screenshots: every chop of the crop's lines)
        span = [(crop.x, crop.right)]
        return self._draw_chops(
            {y: span for y in crop.line_range if 0 <= y < self.size.height and is_rendered_line(y)}
        )

    def _draw_chops(self, wanted: dict[int, list[tuple[int, int]]]) -> list[dict]:
        """The chops of each line (None: not drawn), those meeting `wanted` spans drawn."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(c[:-1]) for c in cuts]
        # per line, the chops still to draw: {start: end}
        todo: dict[int, dict[int, int]] = {}
        for y, spans in wanted.items():
            line = cuts[y]
            need = {}
            for n in range(len(line) - 1):
                start, end = line[n], line[n + 1]
                for x1, x2 in spans:
                    if start < x2 and end > x1:
                        need[start] = end
                        break
            if need:
                todo[y] = need
        if not todo:
            return chops
        top, bottom = min(todo), max(todo) + 1
        intersection = Region.intersection
        for widget, (region, clip) in self.visible_widgets.items():
            x, y, width, height = intersection(region, clip)
            if not (width and height) or y >= bottom or y + height <= top:
                continue
            right = x + width
            # the lines and columns where this widget is the first to reach a wanted chop
            rows: list[int] = []
            left_edge, right_edge = right, x
            for line_y in range(max(y, top), min(y + height, bottom)):
                need = todo.get(line_y)
                if not need:
                    continue
                for start, end in need.items():
                    if x <= start < right:
                        if left_edge > start:
                            left_edge = start
                        if right_edge < end:
                            right_edge = end
                        if line_y not in rows[-1:]:
                            rows.append(line_y)
            if not rows:
                continue
            first, last = rows[0], rows[-1] + 1
            strips = widget.render_lines(
                Region(left_edge - region.x, first - region.y, right_edge - left_edge, last - first)
            )
            for line_y, strip in zip(range(first, last), strips, strict=False):
                need = todo.get(line_y)
                if not need:
                    continue
                # (the window's edges need not be cuts of this line: a wanted chop is whole
                # inside it all the same, its start and end being cuts or the window's edges)
                inside = [c for c in cuts[line_y] if left_edge < c < right_edge]
                pieces = strip.divide([c - left_edge for c in inside] + [right_edge - left_edge])
                into = chops[line_y]
                for cut, piece in zip([left_edge, *inside], pieces, strict=False):
                    if cut in need:
                        into[cut] = piece
                        del need[cut]
                if not need:
                    del todo[line_y]
            if not todo:
                break
        return chops
