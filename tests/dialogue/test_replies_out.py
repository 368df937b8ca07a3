"""Replies as they go out: the SMS wording of a reply, and the question which village applies."""
from stormwater.dialogue.replies_out import ask_village, worded
from stormwater.dialogue.replies import Reply
from stormwater.law.villages import load_villages
from stormwater.store.wording import load_messages


def test_by_sms_a_reply_with_sms_wording_is_written_out_in_those_words():
    sms_words = load_messages()["sms_wording"]["utter_spill_safety"]
    (by_text,) = worded([Reply("utter_spill_safety")], sms=True)
    assert by_text.text == sms_words and by_text.response == "utter_spill_safety"


def test_on_the_web_and_without_sms_wording_a_reply_is_left_as_it_is():
    reply = Reply("utter_spill_safety")
    assert worded([reply], sms=False) == [reply]
    other = Reply("utter_no_such_sms_wording")
    assert worded([other], sms=True) == [other]
    written = Reply("utter_spill_safety", text="already written")
    assert worded([written], sms=True) == [written]


def test_the_village_question_has_one_button_per_village():
    reply = ask_village()
    names = [v.short_name for v in load_villages().values()]
    assert reply.response == "utter_ask_village"
    assert [b["payload"] for b in reply.buttons] == names
    assert all(name in reply.values["village_list"] for name in names)
