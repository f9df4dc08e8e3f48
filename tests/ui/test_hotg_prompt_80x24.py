"""Heroes of the Grid at 80x24 (issue 36): the line over the move list says the whole of
what is asked. It was cut with "…" ("… · r RECOVER…", a question's end): the Action
Phase's and the Rangers' turn's keys now fit the one line, and a question wraps to two."""

from __future__ import annotations

from .helpers import settle
from .test_hotg_battle_room import _battle
from .test_hotg_board_frames import _app


def _prompt_shown(app) -> str:
    """The prompt's lines as drawn at its size on screen, spacing squeezed."""
    from textual.geometry import Region

    widget = app.screen.query_one("#hg-prompt")
    width, height = widget.size
    assert width >= 78 and height >= 1
    strips = widget.render_lines(Region(0, 0, width, height))
    return " ".join(" ".join(s.text for s in strips).split())


async def test_the_prompt_is_whole_at_80x24_in_each_phase_and_for_a_question():
    app = _app(players=1, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        seen = set()
        assert screen.mode == "act"
        shown = _prompt_shown(app)
        assert "…" not in shown and shown.endswith("e end"), shown
        assert all(k in shown for k in ("m MOVE", "b BATTLE", "r RECOVER", "f hand over"))
        seen.add(screen.mode)
        screen, key = await _battle(pilot, app)
        for _ in range(12):  # through the battle with the first move each time
            if screen.mode not in ("battle", "decision") or not screen.groups:
                break
            shown = _prompt_shown(app)
            want = " ".join(screen._prompt(screen._view).plain.split())
            assert "…" not in shown and shown == want, (shown, want)
            seen.add(screen.mode)
            await pilot.press(screen.key_of(screen.groups[0]))
            await settle(pilot, 3)
            while type(app.screen).__name__ == "CardMenu":
                await pilot.press("enter")
                await settle(pilot, 3)
        assert seen == {"act", "battle", "decision"}
        # (a question longer than the line was among them: it took two lines)
