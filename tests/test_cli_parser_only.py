"""`tabletop-tui COMMAND ...` builds the parser of that command only (issue 36's start-up
budget: building all of them was ~6 ms CPU of a game screen's first frame through `play`).
What a command line means, its help and its errors must not change."""

from __future__ import annotations

import argparse

import pytest

from tabletop_tui import cli


def lines(tmp_path) -> list[list[str]]:
    folder = str(tmp_path)
    return [
        ["list"],
        ["play", "zeo-dbg", "--names", "Alice,Bob", "--seats", "human,bot", "--seed", "1"],
        ["play", "hotg", "--difficulty", "easier", "--plain", "--cards", folder],
        ["play", "pr-ccg-2008", "--sealed", "--braille-cursor"],
        ["resume", "--list"],
        ["resume", "2"],
        ["selfplay", "zoobotz", "--games", "3", "--json"],
        ["demo", "army-of-zero", "--seed", "4"],
        ["replay", "some.json", "--print"],
        ["screenshots"],
        ["serve", "ssh", "--port", "0"],
        ["serve", "web", "--game", "hotg"],
        ["cards", "validate", "zoobotz", folder],
        ["cards", "schema", "hotg"],
    ]


def test_commands_are_the_parsers_commands():
    full = cli.build_parser()
    (sub,) = [a for a in full._actions if isinstance(a, argparse._SubParsersAction)]
    assert tuple(sub.choices) == cli.COMMANDS


def test_every_command_line_means_the_same_with_its_command_alone(tmp_path):
    for argv in lines(tmp_path):
        alone = cli.build_parser(argv[0]).parse_args(argv)
        assert alone == cli.build_parser().parse_args(argv), argv
    # and a command built alone parses nothing of the other commands
    with pytest.raises(cli.CliError, match="invalid choice: 'play'"):
        cli.build_parser("list").parse_args(["play", "zeo-dbg"])


@pytest.mark.parametrize(
    "argv",
    [["play", "--help"], ["play"], ["play", "zeo-dbg", "--seed", "x"], ["serve", "web", "-h"]],
)
def test_help_and_errors_read_the_same(argv, capsys):
    said = []
    for parser in (cli.build_parser(argv[0]), cli.build_parser()):
        try:
            parser.parse_args(argv)
        except SystemExit as exc:  # --help
            said.append((exc.code, capsys.readouterr().out))
        except cli.CliError as exc:  # a mistake: one line naming it
            said.append(("error", str(exc)))
        else:
            raise AssertionError(f"{argv} was taken")
    assert said[0] == said[1]
    assert said[0][1]  # something was said


def test_main_builds_only_the_command_named_first(monkeypatch):
    asked: list[str | None] = []
    build = cli.build_parser

    def spy(only=None):
        asked.append(only)
        return build(only)

    monkeypatch.setattr(cli, "build_parser", spy)
    monkeypatch.setattr(cli, "cmd_list", lambda args: 0)
    assert cli.main(["list"]) == 0
    assert cli.main(["--version"]) == 0  # an option first: every command is built
    assert asked == ["list", None]
