"""Request bodies with a bounded number of form parts, urlencoded ones too.

Flask's ``MAX_FORM_PARTS`` limits only multipart bodies: Werkzeug parses an urlencoded body
(``a=1&b=2&...``) in one go, however many parts it holds, so 64 KiB of ``&`` made 32,768
empty fields for every view reading ``request.form`` (the staff forms, ``/sms``). Here such
a body with more than ``MAX_FORM_PARTS`` parts is refused with HTTP 413 before it is split.
"""
from __future__ import annotations

import io

from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.formparser import FormDataParser


class BoundedFormDataParser(FormDataParser):
    """Werkzeug's parser, counting an urlencoded body's parts against ``max_form_parts``."""

    def _parse_urlencoded(self, stream, mimetype, content_length, options):
        data = stream.read()
        # parse_qsl splits on "&" only: the parts are one more than the separators.
        if self.max_form_parts is not None and data.count(b"&") + 1 > self.max_form_parts:
            raise RequestEntityTooLarge(f"more than {self.max_form_parts} form fields")
        return super()._parse_urlencoded(io.BytesIO(data), mimetype, content_length, options)


class BoundedRequest(Request):
    """Flask's request with :class:`BoundedFormDataParser`."""

    form_data_parser_class = BoundedFormDataParser
