// The Stormwater Help Desk widget for village websites. One tag embeds it:
//   <script src="https://helpdesk.example.org/widget.js" data-village="bayville" defer></script>
// It adds a "Stormwater help" button that opens the help desk's own chat page in an
// <iframe>, so the host site's styles and policies cannot break the chat and no cross-origin
// requests are made. No dependencies, no build step; styles are set through the DOM (not
// inline <style>), which a host page's content security policy allows.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || window.stormwaterHelpdeskWidget) { return; }
  var village = script.getAttribute("data-village") || "";
  if (!/^[a-z0-9-]{1,64}$/.test(village)) {
    if (window.console) { window.console.warn("Stormwater help desk: set data-village, e.g. data-village=\"bayville\""); }
    return;
  }
  var origin = new URL(script.src, window.location.href).origin;
  var label = script.getAttribute("data-label") || "Stormwater help";
  var title = script.getAttribute("data-title") || "Stormwater help desk chat";
  var OPEN_KEY = "stormwater-helpdesk:" + village + ":open";
  var ids = "stormwater-helpdesk-" + village;

  // !important so a host theme's rules (button { display: none }, iframe { max-width }...)
  // cannot reshape the widget.
  function style(node, rules) {
    Object.keys(rules).forEach(function (name) { node.style.setProperty(name, rules[name], "important"); });
  }

  var button = document.createElement("button");
  button.type = "button";
  button.id = ids + "-button";
  button.textContent = label;
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", ids + "-panel");
  style(button, {
    position: "fixed", right: "1rem", bottom: "1rem", "z-index": "2147483000",
    display: "block", margin: "0", padding: "0.75rem 1.1rem", "min-height": "44px",
    font: "600 16px/1.2 system-ui, sans-serif", color: "#ffffff", background: "#0b5394",
    border: "2px solid #ffffff", "border-radius": "999px", "box-shadow": "0 2px 8px rgba(0,0,0,.35)",
    cursor: "pointer", "max-width": "calc(100vw - 2rem)", "white-space": "normal", outline: "none"
  });
  // Host themes often remove focus outlines: draw our own, in two colours visible on any page.
  button.addEventListener("focus", function () {
    style(button, { outline: "3px solid #111111", "outline-offset": "2px", "box-shadow": "0 0 0 6px #ffd60a" });
  });
  button.addEventListener("blur", function () {
    style(button, { outline: "none", "box-shadow": "0 2px 8px rgba(0,0,0,.35)" });
  });

  var panel = document.createElement("div");
  panel.id = ids + "-panel";
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-label", title);
  panel.hidden = true;
  style(panel, {
    position: "fixed", right: "0.5rem", bottom: "4.75rem", "z-index": "2147483000",
    width: "min(26rem, calc(100vw - 1rem))", height: "min(40rem, calc(100vh - 5.75rem))",
    margin: "0", padding: "0", background: "#ffffff", border: "1px solid #5f6368",
    "border-radius": "0.5rem", "box-shadow": "0 4px 16px rgba(0,0,0,.3)", overflow: "hidden",
    display: "none"
  });

  var frame = null;
  var frameLoaded = false;
  var focusWhenLoaded = false;
  function focusChat() {
    frame.focus();
    frame.contentWindow.postMessage({ type: "stormwater-helpdesk:focus" }, origin);
  }
  function ensureFrame() {
    if (frame) { return frame; }
    frame = document.createElement("iframe");
    frame.title = title;
    // The chat's "Use my location" button asks the browser, which a frame may do only when allowed
    // (the host site's own Permissions-Policy still has the last word).
    frame.setAttribute("allow", "geolocation");
    frame.addEventListener("load", function () {
      frameLoaded = true;
      if (focusWhenLoaded) { focusWhenLoaded = false; focusChat(); }
    });
    frame.src = origin + "/" + encodeURIComponent(village) + "/?embed=1";
    style(frame, { display: "block", width: "100%", height: "100%", border: "0", margin: "0", "max-width": "none" });
    panel.appendChild(frame);
    return frame;
  }

  function remember(open) {
    try { window.sessionStorage.setItem(OPEN_KEY, open ? "1" : "0"); } catch (e) { /* storage blocked */ }
  }

  function open(moveFocus) {
    ensureFrame();
    panel.hidden = false;
    style(panel, { display: "block" });
    button.setAttribute("aria-expanded", "true");
    remember(true);
    if (moveFocus) {
      if (frameLoaded) { focusChat(); } else { focusWhenLoaded = true; }
    }
  }

  function close() {
    panel.hidden = true;
    style(panel, { display: "none" });
    button.setAttribute("aria-expanded", "false");
    remember(false);
    button.focus();
  }

  button.addEventListener("click", function () {
    if (panel.hidden) { open(true); } else { close(); }
  });

  // The chat page asks to close (its Close button or Escape); only our own frame is heard.
  window.addEventListener("message", function (event) {
    if (frame && event.source === frame.contentWindow && event.origin === origin &&
        event.data && event.data.type === "stormwater-helpdesk:close") {
      close();
    }
  });

  function mount() {
    // The button first: Tab goes from it straight into the open chat.
    document.body.appendChild(button);
    document.body.appendChild(panel);
    var wasOpen = false;
    try { wasOpen = window.sessionStorage.getItem(OPEN_KEY) === "1"; } catch (e) { /* storage blocked */ }
    if (wasOpen) { open(false); }
  }

  window.stormwaterHelpdeskWidget = { open: function () { open(true); }, close: close };
  if (document.body) { mount(); } else { document.addEventListener("DOMContentLoaded", mount); }
})();
