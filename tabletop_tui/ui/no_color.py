"""NO_COLOR, readable: Textual turns every colour into its gray, so a red name on a dark
panel became gray 58 on gray 18. This filter does the same, then moves a text's gray away
from its background's until they differ by GAP levels (the glyphs and letters carry the
meaning; the text must only be readable)."""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

#: the least difference of gray levels (of 255) between a text and its background: 18 and
#: 128 give a contrast of about 4.7 to 1
GAP = 110


@lru_cache(4096)
def legible_style(style: Style, background: Color) -> Style:
    fg = None if style.color is None else Color.from_rich_color(style.color).monochrome
    bg = (
        background.monochrome
        if style.bgcolor is None
        else Color.from_rich_color(style.bgcolor).monochrome
    )
    if fg is not None and abs(fg.r - bg.r) < GAP:
        gray = min(255, bg.r + GAP) if bg.r < 128 else max(0, bg.r - GAP)
        fg = Color(gray, gray, gray)
    return style + Style.from_color(
        None if fg is None else fg.rich_color,
        None if style.bgcolor is None else bg.rich_color,
    )


class LegibleMonochrome(LineFilter):
    """Grays for NO_COLOR, every text at least GAP levels from its background."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else legible_style(style, background), None)
            for text, style, _ in segments
        ]
