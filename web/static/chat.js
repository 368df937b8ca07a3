// The residents' chat page (also framed by widget.js on village websites).
// Every text from the server or the resident is shown with textContent, never parsed as
// HTML: bot replies can echo what a resident typed. The page talks only to /api/chat.
(function () {
  "use strict";
  var root = document.getElementById("chat");
  if (!root) { return; }
  var words = JSON.parse(root.dataset.words);
  var village = root.dataset.village || "";
  var endpoint = root.dataset.endpoint;
  var list = document.getElementById("messages");
  var form = document.getElementById("chat-form");
  var input = document.getElementById("chat-input");
  var sendButton = document.getElementById("chat-send");
  var status = document.getElementById("chat-status");
  var typing = document.getElementById("typing");
  var errorText = document.getElementById("chat-error-text");
  var retryButton = document.getElementById("chat-retry");
  var SENDER_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

  // ---- the browser keeps one opaque id per village, nothing else: after a reload the
  // conversation is read back from the server (/api/chat/history).
  var senderKey = "stormwater-helpdesk:" + village + ":sender";
  var historyEndpoint = endpoint + "/history";
  var memory = {};  // used when the browser blocks storage (e.g. third-party frames)

  function read(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return memory[key] || null; }
  }
  function write(key, value) {
    try {
      if (value === null) { window.localStorage.removeItem(key); } else { window.localStorage.setItem(key, value); }
    } catch (e) { memory[key] = value; }
  }

  function newSenderId() {
    if (window.crypto && typeof window.crypto.randomUUID === "function") { return window.crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function senderId() {
    var id = read(senderKey);
    if (!id || !SENDER_PATTERN.test(id)) {
      id = newSenderId();
      write(senderKey, id);
    }
    return id;
  }

  function postJson(url, payload) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { status: response.status, data: data || {} };
      });
    });
  }

  // ---- rendering ---------------------------------------------------------------------
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (typeof text === "string") { node.textContent = text; }
    return node;
  }

  function isString(value) { return typeof value === "string" && value.length > 0; }

  // "2026-11-30" -> "Monday, November 30, 2026" (the date as written, in no time zone).
  function dateInWords(iso) {
    var parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
    if (!parts) { return null; }
    var date = new Date(Date.UTC(+parts[1], +parts[2] - 1, +parts[3]));
    return date.toLocaleDateString("en-US", {
      timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric"
    });
  }

  // Only same-site paths or http(s) addresses become links.
  function safeUrl(url) {
    if (!isString(url)) { return null; }
    try {
      var parsed = new URL(url, window.location.href);
      return (parsed.protocol === "https:" || parsed.protocol === "http:") ? parsed.href : null;
    } catch (e) { return null; }
  }

  // Text with its links made clickable: web addresses (the letter gets its own words, an
  // .ics file too), and phone numbers as tel: links. Built node by node, never as HTML.
  var LINKABLE = /(https?:\/\/[^\s]+|\/letters\/[A-Za-z0-9_-]+(?:\/deadlines\.ics)?|\b1-800-\d{3}-\d{4}\b|\(\d{3}\)\s?\d{3}-\d{4}|\b\d{3}-\d{3}-\d{4}\b|\b911\b)/g;

  function telHref(phone) {
    var digits = phone.replace(/\D/g, "");
    if (digits.length === 10) { digits = "1" + digits; }
    return digits.length === 11 ? "tel:+" + digits : "tel:" + digits;
  }

  function linkNode(match) {
    var trail = /[.,;:!?)]+$/.exec(match);
    var core = trail && match.indexOf("(") !== 0 ? match.slice(0, -trail[0].length) : match;
    var link;
    if (/^(https?:\/\/|\/letters\/)/.test(core)) {
      var href = safeUrl(core);
      if (!href) { return [document.createTextNode(match)]; }
      var isCalendar = /\.ics(\?|$)/.test(core);
      var isLetter = /\/letters\//.test(core) && !isCalendar;  // the .ics sits under /letters/ too
      link = el("a", isLetter ? "letter-link" : null, isLetter ? words.letter : (isCalendar ? words.calendar : core));
      link.href = href;
      if (isLetter) {
        link.target = "_blank";
        link.rel = "noopener noreferrer";
        link.appendChild(el("span", "visually-hidden", " " + words.new_window));
      }
    } else {
      link = el("a", "tel", core);
      link.href = telHref(core);
    }
    var nodes = [link];
    if (core !== match) { nodes.push(document.createTextNode(match.slice(core.length))); }
    return nodes;
  }

  function richText(className, text, strong) {
    var p = el("p", className);
    var at = 0;
    text.replace(LINKABLE, function (match, _, offset) {
      if (offset > at) { appendPlain(p, text.slice(at, offset), strong); }
      linkNode(match).forEach(function (node) { p.appendChild(node); });
      at = offset + match.length;
      return match;
    });
    if (at < text.length) { appendPlain(p, text.slice(at), strong); }
    return p;
  }

  // Plain text, with the reference (if any) in bold: the one place a reply shows it.
  function appendPlain(p, text, strong) {
    var at = isString(strong) ? text.indexOf(strong) : -1;
    if (at === -1) { p.appendChild(document.createTextNode(text)); return; }
    p.appendChild(document.createTextNode(text.slice(0, at)));
    p.appendChild(el("strong", "reference", strong));
    p.appendChild(document.createTextNode(text.slice(at + strong.length)));
  }

  // The answer text without its closing "Source: ..." line, which the card shows itself.
  function withoutSource(text, citation) {
    var at = text.lastIndexOf("\n" + words.source);
    if (at > 0 && text.indexOf(citation, at) !== -1) { return text.slice(0, at); }
    return text;
  }

  function verdictBadge(answer) {
    var verdict = answer.verdict;
    if (["allowed", "conditional", "prohibited", "not_named"].indexOf(verdict) === -1) { return null; }
    var label = words["verdict_" + verdict];
    if (verdict === "conditional" && Array.isArray(answer.conditions) && answer.conditions.length) {
      label += " " + answer.conditions.filter(isString).join(words.conditions_joiner);
    }
    return el("p", "badge badge-" + verdict, label);
  }

  function lawSource(card, answer) {
    if (isString(answer.citation)) {
      card.appendChild(el("p", "citation", words.source + " " + answer.citation));
    }
    if (isString(answer.quote)) {
      var details = el("details", "quote");
      details.appendChild(el("summary", null, words.show_quote));
      details.appendChild(el("blockquote", null, answer.quote));
      card.appendChild(details);
    }
    // Its phone number is a tap-to-call link, like every number in a reply.
    if (isString(answer.disclaimer)) { card.appendChild(richText("disclaimer", answer.disclaimer)); }
  }

  // The text without the not-legal-advice line the card shows under the citation.
  function withoutNote(text, note) {
    if (isString(note) && note && text.slice(-note.length) === note) { return text.slice(0, -note.length).replace(/\s+$/, ""); }
    return text;
  }

  function ticketCard(ticket, textHasReference, text) {
    var card = el("section", "ticket");
    card.setAttribute("aria-label", words.reference + " " + (ticket.reference || ""));
    if (!textHasReference) {
      var ref = el("p", "ticket-reference", words.reference + ": ");
      ref.appendChild(el("strong", "reference", String(ticket.reference || "")));
      card.appendChild(ref);
    }
    if (ticket.hazardous === true) { card.appendChild(el("p", "ticket-hazard", words.hazardous)); }
    var deadlines = el("dl", "deadlines");
    // *_text: the earliest date and the later one, when Village Hall may be open on a holiday
    [["notify_by", ticket.notify_by, ticket.notify_by_text], ["written_by", ticket.written_by, ticket.written_by_text]].forEach(function (pair) {
      var inWords = dateInWords(pair[1]) && (typeof pair[2] === "string" && pair[2] ? pair[2] : dateInWords(pair[1]));
      if (!inWords) { return; }
      deadlines.appendChild(el("dt", null, words[pair[0]]));
      deadlines.appendChild(el("dd", null, inWords));
    });
    if (deadlines.children.length) { card.appendChild(deadlines); }
    var letter = safeUrl(ticket.letter_url);
    // The filed message already links the letter in its steps: one link, not two.
    if (letter && String(text || "").indexOf(ticket.letter_url) === -1) {
      var link = el("a", "letter-link", words.letter);
      link.href = letter;
      link.target = "_blank";
      link.rel = "noopener noreferrer";
      link.appendChild(el("span", "visually-hidden", " " + words.new_window));
      card.appendChild(link);
    }
    return card;
  }

  function botBody(item, entry) {
    var custom = entry.custom && typeof entry.custom === "object" ? entry.custom : {};
    var text = isString(entry.text) ? entry.text : "";
    if (custom.type === "discharge_answer" || custom.type === "law_answer") {
      var badge = custom.type === "discharge_answer" ? verdictBadge(custom) : null;
      if (badge) { item.appendChild(badge); }
      if (custom.basis === "general_rule") { item.appendChild(el("p", "basis", words.general_rule)); }
      if (text) { item.appendChild(richText("text", withoutNote(withoutSource(text, String(custom.citation || "")), custom.disclaimer))); }
      lawSource(item, custom);
      return;
    }
    if (custom.type === "language_note") { item.lang = "es"; }
    var reference = custom.type === "ticket_filed" && isString(custom.reference) ? custom.reference : null;
    if (text) { item.appendChild(richText("text", text, reference)); }
    if (reference) {
      remember(reference);
      item.appendChild(ticketCard(custom, text.indexOf(reference) !== -1, text));
    }
  }

  function choiceButtons(item, buttons, answered) {
    var box = el("div", "choices");
    buttons.forEach(function (button) {
      if (!button || !isString(button.title) || !isString(button.payload)) { return; }
      var choice = el("button", "choice", button.title);
      choice.type = "button";
      choice.disabled = answered;
      choice.addEventListener("click", function () { send(button.payload, button.title); });
      box.appendChild(choice);
    });
    item.appendChild(box);
  }

  function render(entry, answered, before) {
    var item = el("div", "msg msg-" + (entry.who === "user" ? "user" : "bot"));
    item.appendChild(el("span", "who", (entry.who === "user" ? words.you : words.bot) + ": "));
    if (entry.who === "user") {
      item.appendChild(el("p", "text", String(entry.text || "")));
    } else {
      botBody(item, entry);
      if (Array.isArray(entry.buttons) && entry.buttons.length) { choiceButtons(item, entry.buttons, answered); }
    }
    list.insertBefore(item, before || null);
    return item;
  }

  function add(entry) { return render(entry, false); }

  // Choices belong to the question they answer: once the resident moves on, they are inert.
  // They are closed while a message is on its way; the ones open before it are kept, so that
  // a reply the assistant did not understand gives them back (the question is still open).
  var lastChoices = [];

  function closeChoices() {
    lastChoices = Array.prototype.filter.call(list.querySelectorAll("button.choice"), function (b) { return !b.disabled; });
    lastChoices.forEach(function (b) { b.disabled = true; });
  }

  function reopenChoices() {
    lastChoices.forEach(function (b) { if (b.isConnected) { b.disabled = false; } });
  }

  function notUnderstood(data) {
    return (data.messages || []).some(function (m) {
      return m && m.custom && typeof m.custom === "object" && m.custom.type === "not_understood";
    });
  }

  // The conversation so far, placed before anything sent meanwhile; quietly, so a screen
  // reader does not read the whole history out again.
  function restore() {
    var id = read(senderKey);
    if (!id || !SENDER_PATTERN.test(id)) { return Promise.resolve(); }
    return postJson(historyEndpoint, { sender: id, village: village }).then(function (result) {
      var entries = result.status === 200 && Array.isArray(result.data.messages) ? result.data.messages : [];
      if (!entries.length) { return; }
      var lastUser = -1;
      entries.forEach(function (entry, i) { if (entry && entry.who === "user") { lastUser = i; } });
      // A last message the assistant did not understand left the question before it open.
      var stillOpen = -1;
      var missed = entries.slice(lastUser + 1).some(function (entry) {
        return entry && entry.custom && typeof entry.custom === "object" && entry.custom.type === "not_understood";
      });
      entries.forEach(function (entry, i) {
        if (missed && i < lastUser && entry && Array.isArray(entry.buttons) && entry.buttons.length) { stillOpen = i; }
      });
      var before = list.firstChild;
      list.setAttribute("aria-live", "off");
      entries.forEach(function (entry, i) {
        if (entry && typeof entry === "object") { render(entry, (i < lastUser && i !== stillOpen) || before !== null, before); }
      });
      list.setAttribute("aria-live", "polite");
      if (!before) {
        status.textContent = words.restored;
        // Back where the resident left off: the newest message, with the message box below it.
        var newest = list.lastElementChild;
        if (newest) { newest.scrollIntoView({ block: "start" }); }
        form.scrollIntoView({ block: "nearest" });
      }
    }).catch(function () { /* no history: the conversation simply starts afresh on screen */ });
  }

  // ---- sending -----------------------------------------------------------------------
  var sending = false;
  var unsent = null;  // the text to send again with Retry

  function setBusy(busy) {
    sending = busy;
    typing.hidden = !busy;
    sendButton.disabled = busy;
    root.setAttribute("aria-busy", busy ? "true" : "false");
  }

  function showError(message, canRetry) {
    errorText.textContent = message;
    retryButton.hidden = !canRetry;
    root.classList.add("has-error");
    if (canRetry) { retryButton.focus(); }
  }

  function clearError() {
    errorText.textContent = "";
    retryButton.hidden = true;
    root.classList.remove("has-error");
  }

  function showReplies(data) {
    var first = null;
    (data.messages || []).forEach(function (message) {
      if (!message || typeof message !== "object") { return; }
      var entry = { who: "bot" };
      if (isString(message.text)) { entry.text = message.text; }
      if (Array.isArray(message.buttons)) { entry.buttons = message.buttons; }
      if (message.custom && typeof message.custom === "object") { entry.custom = message.custom; }
      if (entry.text || entry.buttons || entry.custom) {
        var item = add(entry);
        first = first || item;
      }
    });
    // Long answers are read from their start (the badge), not from their last line.
    if (first) { first.scrollIntoView({ block: "start" }); }
    return first;
  }

  // After a choice button (now disabled) was used, focus goes to the next choices, or to the
  // message box; focus the resident put somewhere else stays there.
  function keepFocus(first) {
    var active = document.activeElement;
    if (active && active !== document.body && !active.disabled) { return; }
    var next = first ? list.querySelector(".msg:last-child button.choice:not(:disabled)") : null;
    (next || input).focus();
  }

  function notice(data) {
    return (data.messages || []).map(function (m) { return m && m.text; }).filter(isString).join(" ");
  }

  function deliver(text) {
    setBusy(true);
    status.textContent = words.waiting;
    return postJson(endpoint, { sender: senderId(), message: text, village: village }).then(function (result) {
      setBusy(false);
      var data = result.data;
      if (result.status >= 200 && result.status < 300) {
        unsent = null;
        clearError();
        status.textContent = "";
        if (notUnderstood(data)) { reopenChoices(); }
        keepFocus(showReplies(data));
        return;
      }
      if (result.status === 429) {
        // Too many messages: this one is kept for staff; sending it again would not help.
        unsent = null;
        status.textContent = "";
        showError(notice(data) || (data.error && data.error.message) || words.server_error, false);
        return;
      }
      if (result.status >= 400 && result.status < 500) {
        // The message itself was refused (too long, empty...): give it back to edit.
        unsent = null;
        if (list.lastElementChild) { list.removeChild(list.lastElementChild); }
        reopenChoices();  // nothing was said: the question's buttons still answer it
        input.value = text;
        status.textContent = (data.error && data.error.message) || words.server_error;
        input.focus();  // the text is back in the box to edit
        return;
      }
      // 503 (the assistant is down) carries what to do meanwhile and whom to call.
      unsent = text;
      status.textContent = "";
      showError(notice(data) || words.server_error, true);
    }).catch(function () {
      setBusy(false);
      unsent = text;
      status.textContent = "";
      showError(words.network_error, true);
    });
  }

  function send(text, shown) {
    if (sending) { status.textContent = words.busy; return; }
    clearError();
    unsent = null;
    closeChoices();
    add({ who: "user", text: shown || text }).scrollIntoView({ block: "nearest" });
    return deliver(text);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) { status.textContent = words.empty; input.focus(); return; }
    if (sending) { status.textContent = words.busy; return; }
    input.value = "";
    send(text);
  });

  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event("submit", { cancelable: true }));
    }
  });

  // Retry sends the same text again (see README "When the help desk is down" on why this
  // cannot file a report twice).
  retryButton.addEventListener("click", function () {
    if (unsent === null || sending) { return; }
    var text = unsent;
    clearError();
    status.textContent = words.retrying;
    deliver(text);
  });

  // ---- references the resident filed here, and "Start over" ------------------------------
  // The status of a report can be asked only in the conversation that filed it, so "Start
  // over" says so first and offers to keep the references (on this computer only).
  var referencesKey = "stormwater-helpdesk:" + village + ":references";
  var filedHere = [];
  var confirmBox = document.getElementById("reset-confirm");
  var resetButton = document.getElementById("chat-reset");
  var keptBox = document.getElementById("kept-references");

  function remember(reference) {
    if (filedHere.indexOf(reference) === -1) { filedHere.push(reference); }
  }

  function keptReferences() {
    try {
      var kept = JSON.parse(read(referencesKey) || "[]");
      return Array.isArray(kept) ? kept.filter(function (r) { return /^[A-Z]{3}-[A-Z0-9]{6}$/.test(r); }) : [];
    } catch (e) { return []; }
  }

  function showKept() {
    var kept = keptReferences();
    keptBox.hidden = kept.length === 0;
    if (!kept.length) { return; }
    keptBox.querySelector(".kept-heading").textContent = words.kept_references;
    var listNode = document.getElementById("kept-list");
    while (listNode.firstChild) { listNode.removeChild(listNode.firstChild); }
    kept.forEach(function (reference) { listNode.appendChild(el("li", "reference", reference)); });
    var office = document.getElementById("kept-office");
    office.parentNode.replaceChild(richText("office", words.office), office);
    keptBox.querySelector(".office").id = "kept-office";
  }

  function startOver(keep) {
    var kept = keep ? keptReferences().concat(filedHere.filter(function (r) { return keptReferences().indexOf(r) === -1; })) : [];
    write(referencesKey, kept.length ? JSON.stringify(kept) : null);
    write(senderKey, null);
    filedHere = [];
    unsent = null;
    clearError();
    confirmBox.hidden = true;
    resetButton.setAttribute("aria-expanded", "false");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    input.value = "";
    showKept();
    status.textContent = words.restarted;
    input.focus();
  }

  function askStartOver() {
    document.getElementById("reset-question").textContent = words.reset_question;
    var refs = document.getElementById("reset-references");
    refs.hidden = filedHere.length === 0;
    refs.textContent = filedHere.length ? words.reset_references + " " + filedHere.join(", ") : "";
    var keep = document.getElementById("reset-keep");
    keep.textContent = words.reset_keep;
    keep.hidden = filedHere.length === 0;
    document.getElementById("reset-forget").textContent = words.reset_forget;
    document.getElementById("reset-cancel").textContent = words.reset_cancel;
    confirmBox.hidden = false;
    resetButton.setAttribute("aria-expanded", "true");
    (filedHere.length ? keep : document.getElementById("reset-forget")).focus();
  }

  resetButton.addEventListener("click", function () {
    if (!list.firstChild && !filedHere.length) { startOver(false); return; }  // nothing to lose
    askStartOver();
  });
  document.getElementById("reset-keep").addEventListener("click", function () { startOver(true); });
  document.getElementById("reset-forget").addEventListener("click", function () { startOver(false); });
  document.getElementById("reset-cancel").addEventListener("click", function () {
    confirmBox.hidden = true;
    resetButton.setAttribute("aria-expanded", "false");
    resetButton.focus();
  });
  document.getElementById("forget-references").addEventListener("click", function () {
    write(referencesKey, null);
    showKept();
    input.focus();
  });
  document.getElementById("forget-references").textContent = words.forget_references;

  // The first screen's example questions are sent as if typed.
  Array.prototype.forEach.call(document.querySelectorAll("#welcome button.example"), function (button) {
    button.addEventListener("click", function () {
      if (isString(button.dataset.question)) { send(button.dataset.question); }
    });
  });

  // ---- inside the widget's frame: a Close button and keyboard focus from the host page.
  if (root.dataset.embed && window.parent !== window) {
    var closeButton = document.getElementById("chat-close");
    var closeFrame = function () { window.parent.postMessage({ type: "stormwater-helpdesk:close" }, "*"); };
    closeButton.hidden = false;
    closeButton.addEventListener("click", closeFrame);
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !event.isComposing) { closeFrame(); }
    });
    window.addEventListener("message", function (event) {
      if (event.source === window.parent && event.data && event.data.type === "stormwater-helpdesk:focus") {
        input.focus();
      }
    });
  }

  // ---- replies village staff sent to a report filed here (issue 32): asked for on load and
  // every minute while the page is shown; each reply comes once.
  var REPLIES_EVERY_MS = 60000;
  function fetchReplies() {
    var id = read(senderKey);
    if (!id || !SENDER_PATTERN.test(id) || document.hidden) { return; }
    postJson(endpoint + "/replies", { sender: id, village: village }).then(function (result) {
      if (result.status === 200 && Array.isArray(result.data.messages) && result.data.messages.length) {
        showReplies(result.data);
      }
    }).catch(function () { /* asked again at the next minute */ });
  }

  // What web/static/chat_attach.js (the location and photo buttons) uses of this page.
  window.stormwaterChat = {
    senderId: senderId, village: village, endpoint: endpoint, words: words, postJson: postJson,
    show: function (data) { keepFocus(showReplies(data)); },
    setStatus: function (text) { status.textContent = text; }
  };

  showKept();
  restore().then(fetchReplies);  // after the history, so a reply comes below it
  window.setInterval(fetchReplies, REPLIES_EVERY_MS);
})();
