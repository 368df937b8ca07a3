"""Settings are read once, by the entry point: below it nothing reads the environment."""
from stormwater.law.villages import load_villages
from stormwater.store.paths import REPO_ROOT, data_dir
from stormwater.store.settings import current, start_process
from tests.domain.test_third_village import make_data_dir


def test_the_data_folder_is_the_one_the_entry_point_read(tmp_path, monkeypatch):
    folder = make_data_dir(tmp_path)
    start_process({"HELPDESK_DATA_DIR": str(folder), "HELPDESK_PUBLIC_URL": "https://help.example.org/"})
    assert data_dir() == folder
    assert set(load_villages()) == {"example-harbor"}  # a loader called without a folder
    assert current().public_url == "https://help.example.org"
    # the environment changing later is not read again
    monkeypatch.setenv("HELPDESK_DATA_DIR", str(tmp_path / "elsewhere"))
    assert data_dir() == folder


def test_without_a_folder_named_the_repository_data_is_used(monkeypatch):
    monkeypatch.setenv("HELPDESK_DATA_DIR", "/nowhere")  # not passed to start_process
    start_process({})
    assert data_dir() == REPO_ROOT / "data"
    assert {"bayville", "poquott"} <= set(load_villages())
