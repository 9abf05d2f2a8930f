"""Every app a UI test makes keeps its records under pytest's own temporary
directory (cleaned up by pytest), one fresh folder per app."""

import pytest

from . import helpers


@pytest.fixture(autouse=True)
def _app_data_dirs(tmp_path_factory, monkeypatch):
    monkeypatch.setattr(helpers, "new_data_dir", lambda: tmp_path_factory.mktemp("store"))
