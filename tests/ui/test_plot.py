"""The game-over line chart: readable without colour, honest about its numbers."""

from tabletop_tui.ui.widgets.plot import Series, line_plot


def rows(text):
    return text.plain.splitlines()


def test_each_series_has_its_own_glyph_and_a_legend():
    chart = line_plot(
        [Series("Heroes", [30, 25, 20], "H"), Series("Villains", [30, 28, 10], "V")],
        height=5,
        width=3,
    )
    plain = chart.plain
    assert "H Heroes" in plain and "V Villains" in plain
    # both start at 30: the shared top-left cell shows the overlap mark
    assert rows(chart)[0].split("┤")[1][0] == "*"
    # the villains end at 10 of 30: a quarter of the way up a 5-row chart, last column
    assert rows(chart)[3].split("│")[1][2] == "V"
    assert rows(chart)[1].split("│")[1][2] == "H"  # the heroes end at 20


def test_y_axis_labels_run_from_max_to_zero_and_x_axis_counts_turns():
    chart = line_plot([Series("HP", [0, 15, 30, 30], "H")], height=5, width=10, x_label="turn")
    lines = rows(chart)
    assert lines[0].startswith("30 ┤")
    assert lines[4].startswith(" 0 ┤")
    assert lines[6].strip().startswith("1") and lines[6].rstrip().endswith("4  turn")


def test_long_games_are_spread_over_the_width_keeping_first_and_last_turn():
    values = list(range(100))
    chart = line_plot([Series("x", values, "x")], height=4, width=20)
    plot_rows = [r.split("┤" if "┤" in r else "│")[1] for r in rows(chart)[:4]]
    assert all(len(r) == 20 for r in plot_rows)
    assert plot_rows[3][0] == "x"  # first sample (0) bottom-left
    assert plot_rows[0][19] == "x"  # last sample (99, the max) top-right
    assert "100  turn" in chart.plain


def test_short_games_are_spaced_out_to_use_the_width():
    chart = line_plot([Series("HP", [0, 1, 2], "H")], height=3, width=21)
    cells = [r.split("┤" if "┤" in r else "│")[1] for r in rows(chart)[:3]]
    assert [c.index("H") for c in cells] == [20, 10, 0]


def test_an_empty_history_says_so():
    assert "nothing to plot" in line_plot([Series("HP", [], "H")]).plain
