"""ops.console: the console gets the services' output without known-harmless noise, errors always."""
import io
import logging

from ops.console import HarmlessAbslWarnings, pump, shown

SITE = "/srv/helpdesk/.venv/lib/python3.10/site-packages"

# Lines as the services and the build print them (tests/e2e/test_launcher_console_e2e.py
# checks a real run).
TF_INFO = [
    "2026-12-03 15:03:07.669398: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.\n",
    "To enable the following instructions: AVX2 FMA, in other operations, rebuild TensorFlow with the appropriate compiler flags.\n",
    "2026-12-03 15:03:19.032229: I tensorflow/core/common_runtime/executor.cc:1197] [/device:CPU:0] (DEBUG INFO) Executor start aborting (this does not indicate an error and you can ignore this message): INVALID_ARGUMENT: You must feed a value for placeholder tensor 'input_ids' with dtype int32\n",
    "\t [[{{node input_ids}}]]\n",
    "2026-12-03 15:03:08.815147: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT\n",
    "INFO: Created TensorFlow Lite XNNPACK delegate for CPU.\n",
]
LIBRARY_DEPRECATIONS = [
    f"{SITE}/sanic_cors/extension.py:39: DeprecationWarning: distutils Version classes are deprecated. Use packaging.version instead.\n",
    "  SANIC_VERSION = LooseVersion(sanic_version)\n",
    f"{SITE}/pkg_resources/__init__.py:3117: DeprecationWarning: Deprecated call to `pkg_resources.declare_namespace('ruamel')`.\n",
    "Implementing implicit namespace packages (as specified in PEP 420) is preferred to `pkg_resources.declare_namespace`.\n",
    "  declare_namespace(pkg)\n",
    f"{SITE}/rasa/core/tracker_store.py:1044: MovedIn20Warning: Deprecated API features detected!\n",
    "  Base: DeclarativeMeta = declarative_base()\n",
    f"{SITE}/matplotlib/fontconfig_pattern.py:66: PyparsingDeprecationWarning: 'setParseAction' deprecated - use 'set_parse_action'\n",
    "  ).setParseAction(self._family)\n",
]
RASA_HARMLESS = [
    f"\x1b[93m{SITE}/rasa/shared/utils/io.py:100: UserWarning: The utterance 'utter_report_start' is not used in any story or rule.\n",
    f"\x1b[0m\x1b[93m{SITE}/rasa/shared/utils/io.py:100: UserWarning: The utterance 'utter_discharge_conditional' is not used in any story or rule.\n",
    f"\x1b[0m\x1b[93m{SITE}/rasa/shared/utils/io.py:100: UserWarning: You have defined training data consisting of entity examples, but your NLU configuration does not include an entity extractor trained on your training data. To extract non-pretrained entities, add one of MitieEntityExtractor, CRFEntityExtractor, DIETClassifier to your configuration.\n",
    "  More info at https://rasa.com/docs/rasa/components\n",
]
WANTED = [
    "2026-12-03 15:08:25 INFO     root  - Starting Rasa server on http://127.0.0.1:5005\n",
    "[web] serving on http://127.0.0.1:8000 with 8 threads\n",
]


def test_tensorflow_cpp_info_and_warnings_are_hidden_with_their_second_lines():
    assert shown(TF_INFO + WANTED) == WANTED


def test_deprecations_inside_installed_packages_are_hidden_with_their_source_lines():
    assert shown(LIBRARY_DEPRECATIONS + WANTED) == WANTED


def test_rasas_known_harmless_user_warnings_are_hidden():
    assert shown(RASA_HARMLESS + WANTED) == WANTED


def test_errors_tracebacks_and_unknown_warnings_still_show_even_right_after_noise():
    errors = [
        ["2026-12-03 15:03:19.032229: E tensorflow/core/framework/op_kernel.cc:1830] OP_REQUIRES failed: out of memory\n"],
        ["2026-12-03 15:08:25 ERROR    rasa.core.agent  - Could not load model due to Model file not found.\n"],
        ["[2026-12-03 15:08:03,112] ERROR in sms: POST /sms refused: TWILIO_AUTH_TOKEN is not set\n"],
        [
            "Traceback (most recent call last):\n",
            '  File "/srv/helpdesk/actions/law.py", line 10, in run\n',
            "    answer = reply(village)\n",
            "KeyError: 'bayville'\n",
        ],
        [f"{SITE}/rasa/shared/utils/io.py:100: UserWarning: Slot 'village' has no mappings.\n"],
        ["/srv/helpdesk/stormwater/dialogue/replies.py:40: DeprecationWarning: our own code: only we can fix it\n"],
    ]
    mixed = []
    for error in errors:
        mixed += TF_INFO[:2] + error + LIBRARY_DEPRECATIONS[:2]
    assert shown(mixed) == [line for error in errors for line in error]


def test_a_plain_line_after_a_one_line_noise_record_is_shown_from_the_second_on():
    lines = [TF_INFO[4], "first plain line\n", "No trained model at models/helpdesk.tar.gz\n"]
    assert shown(lines) == ["No trained model at models/helpdesk.tar.gz\n"]


def test_pump_keeps_everything_in_the_log_and_shows_the_console_the_rest():
    source = io.BytesIO("".join(TF_INFO + RASA_HARMLESS + WANTED + ["Processed rules: 0%|\rProcessed rules: 100%|\n"]).encode())
    log, console = io.BytesIO(), io.StringIO()
    log.close = lambda: None  # read after the pump closes it
    pump(source, log, console)
    assert log.getvalue() == source.getvalue()
    assert console.getvalue() == "".join(WANTED) + "Processed rules: 100%|\n"  # a progress bar's last state


def test_absls_untraced_functions_warning_is_dropped_and_nothing_else():
    keep = HarmlessAbslWarnings()
    record = lambda msg: logging.LogRecord("absl", logging.WARNING, __file__, 1, msg, (), None)  # noqa: E731
    assert not keep.filter(record("Found untraced functions such as serving while saving (showing 5 of 217)."))
    assert keep.filter(record("Could not convert the model: out of memory"))
