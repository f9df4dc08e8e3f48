"""A compositor that draws only the lines a frame changed, in separate small areas.

Textual draws a frame's changes by cropping the screen to the one rectangle around all of
them and asking every widget under that rectangle for all of its lines, even a container
as tall as the screen for the one line that changed. A focus move changes two cards on the
table and the inspector at the side, so that rectangle covered most of the screen. Here
each group of touching changes gets its own rectangle, and a widget is asked only for the
lines inside it; the picture is the same. (Textual is pinned below 8.3: these override
private methods.)
"""

from __future__ import annotations

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region


def _groups(regions: set[Region]) -> list[Region]:
    """The rectangles around groups of regions that touch or overlap."""
    boxes: list[Region] = []
    for region in regions:
        box = region
        merged = True
        while merged:
            merged = False
            for other in boxes:
                if box.grow((1, 1, 1, 1)).overlaps(other):
                    boxes.remove(other)
                    box = Region.from_union([box, other])
                    merged = True
                    break
        boxes.append(box)
    return boxes


class TableCompositor(Compositor):
    def _get_renders(self, crop: Region | None = None):
        if not crop:
            yield from super()._get_renders(crop)
            return
        rows = Region(0, crop.y, self.size.width, crop.height)
        overlaps = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():
            if not overlaps(clip):
                continue
            # the widget's lines in the crop's rows, whole width (its chops may reach out)
            clip = clip.intersection(rows)
            x, y, width, height = region.intersection(clip)
            if width and height:
                lines = Region(x - region.x, y - region.y, width, height)
                yield region, clip, widget.render_lines(lines)

    def render_partial_update(self) -> ChopsUpdate | None:
        regions = self._dirty_regions
        if len(regions) < 2:
            return super().render_partial_update()
        screen = self.size.region
        boxes = [b for b in (box.intersection(screen) for box in _groups(regions)) if b]
        if len(boxes) < 2:
            return super().render_partial_update()
        update_regions = regions.copy()
        regions.clear()
        spans = list(self._regions_to_spans(update_regions))
        cuts = self.cuts
        chops: list[dict] | None = None
        for box in boxes:
            lines = set(range(box.y, box.bottom))
            part = self._render_chops(box, lines.__contains__)
            if chops is None:
                chops = [dict.fromkeys(line) for line in part]
            left, right = box.x, box.right
            for y in range(box.y, min(box.bottom, len(part))):
                line, into, edges = part[y], chops[y], cuts[y]
                for n, cut in enumerate(edges[:-1]):
                    # a chop (one widget in front from edge to edge) that reaches into the box
                    # was drawn right by this pass
                    if cut < right and edges[n + 1] > left:
                        strip = line.get(cut)
                        if strip is not None and into.get(cut) is None:
                            into[cut] = strip
        assert chops is not None
        chop_ends = [cut_set[1:] for cut_set in cuts]
        return ChopsUpdate(chops, spans, chop_ends)
