"""No action module imports another: what two actions share lives in a plain helper module
(``actions/conversation.py``, ``contact_reply.py``, ``updates.py``, ``action_db.py``) or in the
domain. Today's remaining imports are listed with their reason; the list only shrinks."""
import ast

from tests.architecture.house import imports, modules, tree

ACTION_BASES = {"Action", "FormValidationAction"}

NEXT_SESSION = "the law/spill/report helpers move to stormwater/dialogue/ once issues 27, 28 and 32 land"
ACTION_IMPORTS_ALLOWED = {
    ("actions.contact", "actions.law"): NEXT_SESSION,
    ("actions.contact", "actions.report_form"): NEXT_SESSION + " (begin_report)",
    ("actions.contact", "actions.spill"): NEXT_SESSION,
    ("actions.fallback", "actions.contact"): NEXT_SESSION + " (take_up_report)",
    ("actions.fallback", "actions.law"): NEXT_SESSION,
    ("actions.fallback", "actions.ticket_status"): "a reference typed when NLU is unsure gets the status action's answer",
    ("actions.report_form", "actions.law"): NEXT_SESSION + " (a law question asked mid-report)",
    ("actions.report_form", "actions.spill"): NEXT_SESSION,
    ("actions.spill", "actions.law"): NEXT_SESSION,
    ("actions.village", "actions.law"): NEXT_SESSION,
}


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
