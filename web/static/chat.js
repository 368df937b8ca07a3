// Minimal chat page script. Every text from the server is shown with textContent, never
// parsed as HTML: bot replies can echo what a resident typed.
(function () {
  "use strict";
  var form = document.getElementById("chat-form");
  if (!form) { return; }
  var list = document.getElementById("messages");
  var input = document.getElementById("chat-input");
  var status = document.getElementById("chat-status");
  var village = form.dataset.village || null;
  var endpoint = form.dataset.endpoint;
  var STORAGE_KEY = "stormwater-helpdesk-sender";

  // An opaque id for this browser; the server hashes it before Rasa sees it.
  function senderId() {
    var id = null;
    try { id = window.localStorage.getItem(STORAGE_KEY); } catch (e) { /* storage blocked */ }
    if (!id || !/^[A-Za-z0-9_-]{8,128}$/.test(id)) {
      var bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      id = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
      try { window.localStorage.setItem(STORAGE_KEY, id); } catch (e) { /* keep it for this page */ }
    }
    return id;
  }
  var sender = senderId();

  function addMessage(who, text) {
    var item = document.createElement("li");
    item.className = "msg msg-" + who;
    var label = document.createElement("span");
    label.className = "who";
    label.textContent = who === "user" ? "You: " : "Help desk: ";
    var body = document.createElement("span");
    body.textContent = text;
    item.appendChild(label);
    item.appendChild(body);
    list.appendChild(item);
    return item;
  }

  function addButtons(item, buttons) {
    var box = document.createElement("div");
    box.className = "buttons";
    buttons.forEach(function (button) {
      var el = document.createElement("button");
      el.type = "button";
      el.textContent = button.title;
      el.addEventListener("click", function () { send(button.payload, button.title); });
      box.appendChild(el);
    });
    item.appendChild(box);
  }

  function showReplies(data) {
    (data.messages || []).forEach(function (message) {
      if (typeof message.text !== "string" && !Array.isArray(message.buttons)) { return; }
      var item = addMessage("bot", typeof message.text === "string" ? message.text : "");
      if (Array.isArray(message.buttons) && message.buttons.length) { addButtons(item, message.buttons); }
    });
  }

  function send(text, shown) {
    addMessage("user", shown || text);
    status.textContent = "Sending…";
    var payload = { sender: sender, message: text };
    if (village) { payload.village = village; }
    return fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().catch(function () { return {}; });
    }).then(function (data) {
      showReplies(data);
      if (data.error && !(data.messages && data.messages.length)) {
        status.textContent = data.error.message || "Something went wrong.";
      } else {
        status.textContent = "";
      }
    }).catch(function () {
      status.textContent = "Could not reach the help desk. Check your connection and try again. In an emergency call 911.";
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) { status.textContent = "Please type your question before sending."; return; }
    input.value = "";
    send(text).then(function () { input.focus(); });
  });
})();
