"""The fixture third village (tests/fixtures/third_village) through the web app: its page,
its chat, its contacts when the assistant is down. No code names it."""
from tests.law.test_third_village import make_data_dir


def test_the_third_village_is_served_from_its_data_file(make_app, tmp_path, fake_rasa):
    data = tmp_path / "data"
    data.mkdir()
    app = make_app(DATA_DIR=str(make_data_dir(data)))
    client = app.test_client()
    assert client.get("/api/villages").get_json() == [{"slug": "example-harbor", "name": "Village of Example Harbor"}]
    assert client.get("/example-harbor/").status_code == 200
    res = client.post("/api/chat", json={"sender": "browser-harbor1", "village": "example-harbor", "message": "hi"})
    assert res.status_code == 200 and fake_rasa.last["metadata"] == {"village": "example-harbor", "channel": "web"}


def test_its_own_contact_titles_are_named_when_the_assistant_is_down(make_app, tmp_path, down_url):
    data = tmp_path / "data"
    data.mkdir()
    app = make_app(DATA_DIR=str(make_data_dir(data)), RASA_URL=down_url)
    res = app.test_client().post("/api/chat", json={"sender": "browser-harbor2", "village": "example-harbor",
                                                    "message": "oil in the drain"})
    assert res.status_code == 503
    text = res.get_json()["messages"][0]["text"]
    assert "the Deputy Clerk at (312) 555-0104 or the Stormwater Management Officer at (312) 555-0101" in text
