"""`tabletop-tui` alone goes straight to the launcher (issue 36's start-up budget): the
parser of every command is built only when there is something to parse."""

from __future__ import annotations

import argparse

from tabletop_tui import cli


def test_no_arguments_are_what_the_parser_makes_of_none():
    assert argparse.Namespace(**cli.NO_ARGUMENTS) == cli.build_parser().parse_args([])


def test_the_command_alone_opens_the_launcher_without_building_the_parser(monkeypatch):
    seen: list[argparse.Namespace] = []

    def no_parser():
        raise AssertionError("the parser was built for no arguments")

    monkeypatch.setattr(cli, "build_parser", no_parser)
    monkeypatch.setattr(cli, "cmd_launcher", lambda args: seen.append(args) or 0)
    assert cli.main([]) == 0
    assert seen == [argparse.Namespace(**cli.NO_ARGUMENTS)]


def test_any_argument_still_goes_through_the_parser(monkeypatch, capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("tabletop-tui ")
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(cli, "cmd_launcher", lambda args: seen.append(args) or 0)
    assert cli.main(["--plain"]) == 0
    assert seen[0].plain is True
