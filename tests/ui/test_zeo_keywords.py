"""Zeo's inspector names the reference's keywords a card's text uses (issue 18 made the
search skip building a pattern for a keyword the text cannot hold): the words found must
be those a whole-word, any-case search for each keyword finds, longest keywords first."""

from __future__ import annotations

import re

from tabletop_tui.games.zeo_dbg.cards import catalog
from tabletop_tui.ui.games.zeo_dbg.cards import _keyword_names, keywords_in


def _searched(*texts: str) -> tuple[str, ...]:
    blob = " ".join(texts)
    return tuple(
        w for w in _keyword_names() if re.search(rf"\b{re.escape(w)}\b", blob, re.IGNORECASE)
    )


def test_every_card_text_names_the_keywords_a_full_search_finds():
    cards = list(catalog().cards.values())
    assert cards and _keyword_names()
    hits = 0
    for card in cards:
        texts = (card.text or "", getattr(card, "battle_text", "") or "")
        assert keywords_in(*texts) == _searched(*texts), card.id
        hits += bool(keywords_in(*texts))
    assert hits, "no card text names a keyword: the check would prove nothing"


def test_a_keyword_is_found_in_any_case_and_only_as_a_whole_word():
    word = _keyword_names()[-1]  # the shortest
    assert keywords_in(f"then {word.upper()}.") == _searched(f"then {word.upper()}.")
    assert word in keywords_in(f"then {word.upper()}.")
    assert word not in keywords_in(f"then x{word.lower()}x")
    assert keywords_in("Block", kinds=("Zord Bay",))[0] == "Zord Bay"
