// The chat page's "Use my location" and "Add a photo" buttons (issue 32). The location is
// asked of the browser only when the resident presses the button (the browser asks for
// consent too); a refusal or failure says what to do instead. Pictures over the limit are
// refused here before they are sent; the server checks the type and size again and removes
// the picture's metadata. Answers are shown like the help desk's replies.
(function () {
  "use strict";
  var chat = window.stormwaterChat;
  var locationButton = document.getElementById("chat-location");
  var photoButton = document.getElementById("chat-photo-button");
  var photoInput = document.getElementById("chat-photo");
  if (!chat || !locationButton || !photoButton || !photoInput) { return; }
  var words = chat.words;
  var MAX_BYTES = 8 * 1024 * 1024;

  function say(text) { chat.setStatus(""); chat.show({ messages: [{ text: text }] }); }

  function shown(result) {
    chat.setStatus("");
    var messages = result.data && Array.isArray(result.data.messages) ? result.data.messages : [];
    if (messages.length) { chat.show(result.data); return; }
    say(result.data && result.data.error && typeof result.data.error.message === "string"
      ? result.data.error.message : words.photo_failed);
  }

  locationButton.addEventListener("click", function () {
    if (!navigator.geolocation) { say(words.location_unsupported); return; }
    chat.setStatus(words.locating);
    locationButton.disabled = true;
    navigator.geolocation.getCurrentPosition(function (position) {
      var coords = position.coords;
      chat.postJson(chat.endpoint + "/location", {
        sender: chat.senderId(), village: chat.village, latitude: coords.latitude, longitude: coords.longitude,
        accuracy: coords.accuracy
      }).then(shown).catch(function () { say(words.location_failed); }).then(function () { locationButton.disabled = false; });
    }, function (error) {
      locationButton.disabled = false;
      say(error && error.code === 1 ? words.location_denied : words.location_failed);
    }, { enableHighAccuracy: true, timeout: 20000, maximumAge: 60000 });
  });

  photoButton.addEventListener("click", function () { photoInput.click(); });

  photoInput.addEventListener("change", function () {
    var file = photoInput.files && photoInput.files[0];
    if (!file) { return; }
    photoInput.value = "";
    if (file.size > MAX_BYTES) { say(words.photo_too_big); return; }
    var body = new FormData();
    body.append("sender", chat.senderId());
    body.append("village", chat.village);
    body.append("photo", file, file.name || "photo");
    chat.setStatus(words.uploading);
    photoButton.disabled = true;
    fetch(chat.endpoint + "/photo", { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { status: response.status, data: data || {} };
      });
    }).then(shown).catch(function () { say(words.photo_failed); }).then(function () { photoButton.disabled = false; });
  });
})();
