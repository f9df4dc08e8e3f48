"""A vertical zone is styled once, when it is mounted (issue 18, start-up): making one
must not run the stylesheet over a widget that is not on screen yet."""

from __future__ import annotations

from textual.app import App

from tabletop_tui.ui.widgets.table import Zone


async def test_a_vertical_zone_is_styled_when_mounted_not_when_made(monkeypatch):
    app = App()
    async with app.run_test(size=(40, 10)) as pilot:
        styled: list = []
        update = app.update_styles
        monkeypatch.setattr(
            app, "update_styles", lambda node, **kw: (styled.append(node), update(node, **kw))
        )
        zone = Zone("Title:", vertical=True)
        assert styled == []
        assert zone.has_class("-vertical")
        await app.screen.mount(zone)
        await pilot.pause()
        assert zone.styles.layout is not None and zone.styles.layout.name == "vertical"
