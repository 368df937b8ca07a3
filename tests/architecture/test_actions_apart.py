"""No action module imports another: what two actions share lives in a plain helper module
(``actions/conversation.py``, ``replies_out.py``, ``law_answers.py``, ``law_intents.py``,
``law_followup_answers.py``, ``report_start.py``, ``report_end.py``, ``report_taken_up.py``, ``spill_start.py``,
``status_reply.py``, ``contact_reply.py``, ``updates.py``, ``action_db.py``, ``report_marker.py``) or in the domain
(``stormwater/dialogue/``). The allow-list is empty and stays so."""
import ast

from tests.architecture.house import imports, modules, tree

ACTION_BASES = {"Action", "FormValidationAction"}

ACTION_IMPORTS_ALLOWED: dict = {}


def action_modules():
    """The modules of actions/ that define a Rasa action class."""
    found = set()
    for name, path in modules().items():
        if not name.startswith("actions."):
            continue
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ClassDef) and {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases} & ACTION_BASES:
                found.add(name)
    return found


def test_the_action_modules_are_found():
    assert {"actions.contact", "actions.report_form", "actions.law"} <= action_modules()
    assert "actions.conversation" not in action_modules()


def test_no_action_module_imports_another():
    actions = action_modules()
    found = {(e.source, e.target) for e in imports() if e.source in actions and e.target in actions}
    assert found - set(ACTION_IMPORTS_ALLOWED) == set(), "share it through a plain helper module instead"
    assert set(ACTION_IMPORTS_ALLOWED) - found == set(), "gone: take it off ACTION_IMPORTS_ALLOWED"
