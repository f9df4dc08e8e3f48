"""`--cards` folders whose files are not what they seem (issue #17, Files 8): a folder named
like a file, non-UTF-8 or UTF-16 text, a symlink loop, an unreadable file, a FIFO, a huge
file. Each is one line naming the file and the problem, exit status 2, nothing changed."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, child_env

from tabletop_tui import cards as cards_module
from tabletop_tui.cards import MAX_CARD_FILE_BYTES, shipped_root
from tabletop_tui.cli import main

GAME = "army-of-zero"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TABLETOP_TUI_DEBUG", raising=False)
    yield tmp_path / "home"
    cards_module.set_cards_dir(None)


def own_cards(tmp_path: Path, game: str = GAME) -> Path:
    root = tmp_path / "my-cards"
    shutil.copytree(shipped_root() / game, root / game)
    return root


def validate(capsys, root: Path, game: str = GAME) -> tuple[int, str, str]:
    code = main(["cards", "validate", game, str(root)])
    out, err = capsys.readouterr()
    return code, out, err


def characters(root: Path) -> Path:
    return root / GAME / "characters.toml"


def test_a_folder_named_like_the_card_file(capsys, tmp_path):
    root = own_cards(tmp_path)
    characters(root).unlink()
    characters(root).mkdir()
    assert_one_line_error(*validate(capsys, root), str(characters(root)), "a folder")


def test_a_folder_named_like_a_card_file_among_globbed_files(capsys, tmp_path):
    root = own_cards(tmp_path, "zeo-dbg")
    (root / "zeo-dbg" / "extra.toml").mkdir()
    assert_one_line_error(
        *validate(capsys, root, "zeo-dbg"), str(root / "zeo-dbg" / "extra.toml"), "a folder"
    )


@pytest.mark.parametrize(
    "encode, needle",
    [
        (lambda text: text.encode("utf-16"), "UTF-16"),
        (lambda text: text.encode("utf-16-le"), "not UTF-8"),
        (lambda text: text.replace("name = ", 'name = "\xe9" #', 1).encode("latin-1"), "0xe9"),
        (lambda text: b"\x00\x01\x02binary\xff" * 50, "not UTF-8"),
    ],
    ids=["UTF-16 with BOM", "UTF-16 without BOM", "Latin-1", "binary"],
)
def test_text_that_is_not_utf8(capsys, tmp_path, encode, needle):
    root = own_cards(tmp_path)
    path = characters(root)
    path.write_bytes(encode(path.read_text(encoding="utf-8")))
    before = path.read_bytes()
    assert_one_line_error(*validate(capsys, root), str(path), needle)
    assert path.read_bytes() == before


def test_a_utf8_byte_order_mark_is_accepted(capsys, tmp_path):
    root = own_cards(tmp_path)
    path = characters(root)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, out, err = validate(capsys, root)
    assert code == 0 and "84 characters" in out, err


def test_a_symlink_loop(capsys, tmp_path):
    root = own_cards(tmp_path)
    characters(root).unlink()
    characters(root).symlink_to(characters(root))
    assert_one_line_error(*validate(capsys, root), str(characters(root)), "symlink loop")


def test_a_dangling_symlink(capsys, tmp_path):
    root = own_cards(tmp_path)
    characters(root).unlink()
    characters(root).symlink_to(tmp_path / "gone.toml")
    assert_one_line_error(*validate(capsys, root), str(characters(root)), "does not exist")


def test_an_unreadable_file(capsys, tmp_path, monkeypatch):
    root = own_cards(tmp_path)
    path = characters(root)
    real_open = os.open

    def denied(name, *args, **kwargs):  # chmod 0 does not stop root, so deny the open itself
        if Path(name) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    assert_one_line_error(*validate(capsys, root), str(path), "permission denied")


def test_a_fifo_does_not_hang(tmp_path):
    root = own_cards(tmp_path)
    characters(root).unlink()
    os.mkfifo(characters(root))
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "--cards", str(root), "selfplay", GAME],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=60,
    )
    assert_one_line_error(
        proc.returncode, proc.stdout, proc.stderr, str(characters(root)), "named pipe"
    )


def test_a_huge_file_is_refused_by_its_size(capsys, tmp_path):
    root = own_cards(tmp_path)
    with open(characters(root), "r+b") as fh:
        fh.truncate(MAX_CARD_FILE_BYTES + 1)  # sparse
    assert_one_line_error(*validate(capsys, root), str(characters(root)), "too large", "4 MB")


@pytest.mark.parametrize(
    "content, needle",
    [
        ("x = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("x = " + "9" * 5000, "thousands of digits"),
        ('x = "\\ud800"', "not valid TOML"),
    ],
    ids=["nested arrays", "5000-digit number", "escaped surrogate"],
)
def test_toml_that_would_break_the_parser(capsys, tmp_path, content, needle):
    root = own_cards(tmp_path)
    characters(root).write_text(content + "\n")
    assert_one_line_error(*validate(capsys, root), str(characters(root)), needle)


def test_the_same_problems_stop_play_before_the_ui(capsys, tmp_path):
    root = own_cards(tmp_path)
    characters(root).unlink()
    characters(root).mkdir()
    code = main(["--cards", str(root), "play", GAME, "--seats", "bot,bot"])
    out, err = capsys.readouterr()
    assert_one_line_error(code, out, err, str(characters(root)), "a folder")


def test_a_card_folder_that_is_a_file_or_a_loop_is_named(capsys, tmp_path):
    plain = tmp_path / "cards.toml"
    plain.write_text("")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for path in (plain, loop):
        assert_one_line_error(*validate(capsys, path), str(path), "not a folder")
    code = main(["--cards", str(loop), "list"])
    out, err = capsys.readouterr()
    assert_one_line_error(code, out, err, "is not a folder")
