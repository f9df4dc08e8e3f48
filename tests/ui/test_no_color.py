"""NO_COLOR keeps every text readable: grays, but never dark on dark."""

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import settle


def _gap(segment: Segment, background: Color) -> int:
    fg = Color.from_rich_color(segment.style.color).r
    bg = background.r if segment.style.bgcolor is None else segment.style.bgcolor.triplet.red
    return abs(fg - bg)


def test_a_dark_seat_colour_on_a_dark_panel_is_lifted():
    """QA session 14: under NO_COLOR seat 1's red name came out gray 58 on gray 18 (the
    Army Of Zero / PR CCG / ZOOBOTZ player bars), a contrast of about 1.6 to 1."""
    from tabletop_tui.ui.no_color import GAP, LegibleMonochrome

    panel = Color(18, 18, 18)
    red = Segment("▲1 Player 1", Style.parse("bold #cc0000"))
    (out,) = LegibleMonochrome().apply([red], panel)
    assert out.style.bold and _gap(out, panel) >= GAP
    # on a light panel the text goes dark; a text far enough from its panel stays as it was
    light = Color(230, 230, 230)
    (out,) = LegibleMonochrome().apply([red], light)
    assert _gap(out, light) >= GAP
    white = Segment("x", Style.parse("#ffffff on #000000"))
    (out,) = LegibleMonochrome().apply([white], panel)
    assert out.style.color.triplet.red == 255 and out.style.bgcolor.triplet.red == 0


async def test_the_app_uses_it_under_no_color(monkeypatch):
    from tabletop_tui.ui.no_color import LegibleMonochrome

    monkeypatch.setenv("NO_COLOR", "1")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]
    app = TabletopApp(game="army-of-zero", seats=seats, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        filters = app.get_line_filters()
        assert any(isinstance(f, LegibleMonochrome) for f in filters)
        assert not any(type(f).__name__ == "Monochrome" for f in filters)
