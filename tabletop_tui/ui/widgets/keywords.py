"""Keyword meanings for the inspector: the glossary of the game's rules reference, so each
rule has one text (the same one `?` shows)."""

from __future__ import annotations

from ...reference import keyword_text

__all__ = ["keyword_text"]
