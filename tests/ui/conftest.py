import pytest


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Every UI test gets its own save folder, never the player's real one."""
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
