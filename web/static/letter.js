// The printable letter's Print button: shown only where it works (the page's script runs).
(function () {
  "use strict";
  var button = document.getElementById("print-letter");
  if (!button || typeof window.print !== "function") { return; }
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
}());
