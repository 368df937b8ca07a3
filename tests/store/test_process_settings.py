"""Settings are read once, by the entry point: below it nothing reads the environment."""
from stormwater.law.villages import load_villages
from stormwater.store.paths import REPO_ROOT, data_dir
from stormwater.store.settings import current, start_process
from tests.law.test_third_village import make_data_dir


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


def test_links_are_absolute_under_the_public_url_and_local_addresses_are_known():
    from stormwater.store.settings import Settings, default_public_url, is_local_url

    settings = Settings.from_env({"HELPDESK_PUBLIC_URL": "https://help.example.org/"})
    assert settings.letter_url("tok") == "https://help.example.org/letters/tok"
    assert settings.calendar_url("tok") == "https://help.example.org/letters/tok/deadlines.ics"
    assert default_public_url("0.0.0.0", 8000) == "http://127.0.0.1:8000"
    assert default_public_url("::", 8000) == "http://[::1]:8000"
    assert default_public_url("10.0.0.5", 80) == "http://10.0.0.5:80"
    for url in ("http://127.0.0.1:8000", "http://localhost:8000/", "http://[::1]:8000", "http://192.168.1.20",
                "http://10.0.0.5:80", "http://helpdesk.local", "http://helpdesk", ""):
        assert is_local_url(url), url
    for url in ("https://help.example.org", "https://34.120.1.10", "https://bayvilleny.gov:8443"):
        assert not is_local_url(url), url
