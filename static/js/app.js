// The page kit's behaviour (docs/pages.md). No inline scripts anywhere: pages declare what they need with
// data- attributes and htmx attributes, and this file does it.

// htmx requests carry the CSRF token (also set on <body hx-headers>, kept here for swapped-in content).
document.addEventListener("htmx:configRequest", function (event) {
  var meta = document.querySelector('meta[name="csrf-token"]');
  if (meta) { event.detail.headers["X-CSRFToken"] = meta.content; }
});
// Validation errors come back as 422 with the re-rendered fragment: swap them in like a 200.
// Other errors come back as an error card retargeted to the main area (HX-Retarget): show it.
document.addEventListener("htmx:beforeSwap", function (event) {
  var xhr = event.detail.xhr;
  if (xhr.status === 422 || (xhr.status >= 400 && xhr.getResponseHeader("HX-Retarget"))) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// Every htmx action shows it is running and cannot be fired twice: the button that triggered it (or the form's
// submit buttons) is disabled with a spinner until the answer arrives. Typing-driven requests (search, live
// validation) and polling leave their inputs alone.
(function () {
  function triggers(elt) {
    if (elt.tagName === "FORM") { return Array.prototype.slice.call(elt.querySelectorAll("button[type=submit], button:not([type])")); }
    if (elt.tagName === "BUTTON" || (elt.tagName === "A" && elt.classList.contains("button"))) { return [elt]; }
    return [];
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var submitter = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent && event.detail.requestConfig.triggeringEvent.submitter;
    var busy = submitter ? [submitter] : triggers(event.detail.elt);
    busy.forEach(function (el) {
      el.classList.add("is-busy");
      el.setAttribute("aria-busy", "true");
      if (el.tagName === "BUTTON") { el.disabled = true; } else { el.setAttribute("aria-disabled", "true"); }
    });
    event.detail.elt._busy = busy.concat(triggers(event.detail.elt));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    (event.detail.elt._busy || []).forEach(function (el) {
      el.classList.remove("is-busy");
      el.removeAttribute("aria-busy");
      if (el.tagName === "BUTTON") { el.disabled = false; } else { el.removeAttribute("aria-disabled"); }
    });
  });
  // A plain (non-htmx) form submit: the same feedback while the browser waits for the next page.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || form.hasAttribute("hx-post") || form.hasAttribute("hx-get") || form.method === "dialog") { return; }
    var button = event.submitter;
    if (button && !form.hasAttribute("data-no-busy")) {
      setTimeout(function () { button.disabled = true; button.classList.add("is-busy"); }, 0);
    }
  });
  // Back/forward cache: a page restored from history must not keep disabled buttons.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll(".is-busy").forEach(function (el) { el.classList.remove("is-busy"); el.disabled = false; });
  });
})();

// Confirm dialog: data-confirm on a form (or its button) and hx-confirm on htmx triggers open #confirm-dialog.
(function () {
  function ask(question, proceed) {
    var dialog = document.getElementById("confirm-dialog");
    if (!dialog || typeof dialog.showModal !== "function") { if (window.confirm(question)) { proceed(); } return; }
    dialog.querySelector("#confirm-text").textContent = question;
    dialog.returnValue = "";
    dialog.addEventListener("close", function once() {
      dialog.removeEventListener("close", once);
      if (dialog.returnValue === "ok") { proceed(); }
    });
    dialog.showModal();
    dialog.querySelector("[data-confirm-ok]").focus();
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = (event.submitter && event.submitter.dataset.confirm) || form.dataset.confirm;
    if (!question || form.hasAttribute("hx-post") || form._confirmed) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    ask(question, function () { form._confirmed = true; form.requestSubmit(event.submitter || undefined); });
  }, true);
  document.addEventListener("htmx:confirm", function (event) {
    if (!event.detail.question) { return; }
    event.preventDefault();
    ask(event.detail.question, function () { event.detail.issueRequest(true); });
  });
})();

// Copy buttons: <button data-copy="#element-id"> copies that element's text and says so.
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-copy]");
  if (!button) { return; }
  var source = document.querySelector(button.dataset.copy);
  if (!source || !navigator.clipboard) { return; }
  navigator.clipboard.writeText(source.textContent.trim()).then(function () {
    button.dataset.label = button.dataset.label || button.textContent;
    button.textContent = "Copiado!";
    setTimeout(function () { button.textContent = button.dataset.label; }, 2000);
  });
});

// Phone menu: the toggle shows and hides the sidebar links.
document.addEventListener("click", function (event) {
  var toggle = event.target.closest("[data-menu-toggle]");
  if (!toggle) { return; }
  var menu = document.getElementById(toggle.getAttribute("aria-controls"));
  var open = menu.classList.toggle("open");
  toggle.setAttribute("aria-expanded", open ? "true" : "false");
});

// After a failed submit, focus goes to the first field in error (a page load or an htmx swap).
function focusFirstError(root) {
  var field = (root || document).querySelector(".has-error input, .has-error select, .has-error textarea, [aria-invalid=true], .flash-error[tabindex]");
  if (field && !field.closest("#ciot-live")) { field.focus({ preventScroll: false }); }
}
document.addEventListener("DOMContentLoaded", function () { focusFirstError(document.getElementById("conteudo")); });
document.addEventListener("htmx:afterSwap", function (event) {
  var status = event.detail.xhr && event.detail.xhr.status;
  var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (status === 422 && elt && elt.tagName === "FORM") { focusFirstError(event.detail.target); }
});
