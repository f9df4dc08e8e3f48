"""Our rules reference and guided games (issue 14): the files parse, every phase of every game
opens some section, tutorial hints point at real sections, and a broken file names its line."""

from __future__ import annotations

import typing

import pytest

from tabletop_tui.games import GAMES, get_rules
from tabletop_tui.reference import ReferenceError, keyword_text, load, parse, plain, slug
from tabletop_tui.reference.tutorial import TutorialError, load_tutorial, parse_tutorial

GAME_IDS = list(GAMES)


def _phases(game_id: str) -> set[str]:
    """The values of the game's View `phase` (a Literal in its models, or the State's)."""
    import importlib

    package = GAMES[game_id].rules_path.split(":")[0].rsplit(".", 1)[0]
    models = importlib.import_module(f"{package}.models")
    phase = getattr(models, "Phase", None)
    if phase is None:
        phase = models.State.model_fields["phase"].annotation
    return {p for p in typing.get_args(phase)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_reference_whose_topics_cover_its_phases(game_id):
    ref = load(game_id)
    assert ref is not None, f"tabletop_tui/reference/{game_id}.md is missing"
    assert ref.title and ref.intro
    for needed in ("about", "keywords", "rulings"):
        assert ref.section(needed) is not None, f"{game_id}: no {{#{needed}}} section"
    listed = {t for s in ref.sections for t in s.topics}
    missing = _phases(game_id) - listed
    assert not missing, f"{game_id}: no section lists the phases {sorted(missing)}"
    assert ref.keywords(), f"{game_id}: the glossary is empty"
    for s in ref.sections:
        # a chapter may be only a heading over its sections; a section says something
        assert s.body.strip() or ref.children(s.id), f"{game_id}: section {s.id} is empty"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_question_a_game_asks_opens_a_section(game_id):
    """`?` during a pending decision opens the section about that decision, for every kind."""
    import importlib

    package = GAMES[game_id].rules_path.split(":")[0].rsplit(".", 1)[0]
    decision = getattr(importlib.import_module(f"{package}.models"), "Decision", None)
    kinds = set(typing.get_args(decision.model_fields["kind"].annotation)) if decision else set()
    listed = {t for s in load(game_id).sections for t in s.topics}
    assert not kinds - listed, f"{game_id}: no section for {sorted(kinds - listed)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_guided_first_game_that_fits_it(game_id):
    tutorial = load_tutorial(game_id)
    assert tutorial is not None, f"tabletop_tui/reference/{game_id}.tutorial.toml is missing"
    ref = load(game_id)
    rules = get_rules(game_id)
    assert rules.min_seats <= len(tutorial.seats) <= rules.max_seats
    assert "human" in tutorial.seats
    for hint in tutorial.hint:
        if hint.section:
            assert ref.section(hint.section) is not None, f"{game_id}: no section {hint.section}"
    # the config is one the game accepts
    rules.config_type(names=tutorial.names, **tutorial.config)


def test_keyword_text_is_the_glossary_entry():
    ref = load("army-of-zero")
    entry = ref.keywords()["armour"]
    assert keyword_text("army-of-zero", "ARMOUR") == plain(entry.body)
    assert " ".join(plain(entry.body).split()) == " ".join(entry.body.replace("`", "").split())
    assert keyword_text("army-of-zero", "no such keyword") is None
    assert keyword_text("no-such-game", "ARMOUR") is None
    assert slug("First Strike!") == "first-strike"


def test_search_finds_titles_first_then_text():
    ref = load("army-of-zero")
    hits = ref.search("armour")
    assert hits and hits[0].title.lower() == "armour"
    assert all("armour" in (h.title + h.body).lower() for h in hits)
    assert ref.search("zzzz qqqq") == []


def test_the_most_specific_topic_wins_and_a_named_section_comes_first():
    text = "# G\n\nintro\n\n## Play {#play topics=main}\nx\n\n### Block {#block topics=block}\ny\n"
    ref = parse(text, "g")
    assert ref.for_topics(("block", "main")).id == "block"
    assert ref.for_topics(("nothing", "main")).id == "play"
    assert ref.for_topics(("#play", "block")).id == "play"
    assert ref.for_topics(("nothing",)) is None
    assert ref.children("play")[0].id == "block"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("# G\n\n## No id here\nx\n", "g.md:3: the heading 'No id here' has no {#id}"),
        ("# G\n\n## A {#a}\nx\n## B {#a}\ny\n", "g.md:5: the id 'a' is used twice"),
        ("# G\n\n## A {#a colour=red}\nx\n", "g.md:3: unknown attribute 'colour'"),
        ("## A {#a}\nx\n", "g.md: no '# Title' line"),
    ],
)
def test_a_broken_reference_names_the_file_line_and_problem(text, problem):
    with pytest.raises(ReferenceError) as err:
        parse(text, "g", "g.md")
    assert str(err.value) == problem


def test_a_broken_tutorial_names_the_file_and_field():
    with pytest.raises(TutorialError, match=r"t.toml: seed: Input should be greater"):
        parse_tutorial(
            'seed = -1\nseats=["human"]\nnames=["A"]\n[[hint]]\ntopic="x"\ntext="y"\n', "t.toml"
        )
    with pytest.raises(TutorialError, match=r"t.toml: 2 names for 1 seats"):
        parse_tutorial(
            'seed = 1\nseats=["human"]\nnames=["A","B"]\n[[hint]]\ntopic="x"\ntext="y"\n', "t.toml"
        )
    with pytest.raises(TutorialError, match=r"t.toml: not valid TOML"):
        parse_tutorial("seed = = 1", "t.toml")


def test_keyword_text_reads_as_plain_text_in_an_inspector():
    """The inspectors show a keyword's meaning as text, not Markdown: the file's line breaks
    inside a paragraph and its `code` and *emphasis* marks are left out (QA: "the `n/m` on
    the board", a sentence broken after "take the first")."""
    fast = keyword_text("hotg", "FAST")
    assert fast is not None and "\n" not in fast and "take the first turn" in fast
    assert keyword_text("hotg", "Figure limit").endswith("the n/m on the board.")
    cost = keyword_text("pr-ccg-2008", "Hand Cost")
    assert "[2]" in cost and "*" not in cost and "`" not in cost and "many other cards" in cost
    for game_id in ("army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg", "hotg"):
        for name in load(game_id).keywords():
            text = keyword_text(game_id, name)
            assert "`" not in text and "**" not in text, (game_id, name, text)
