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
  window.kitAsk = ask;
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

// A list's filters (kit `filter_panel`) fold behind "Filtrar" on a phone, so the first screen shows results.
if (window.matchMedia("(max-width: 800px)").matches) {
  document.querySelectorAll("details.filters[data-fold]").forEach(function (d) { d.open = false; });
}

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
  // An outerHTML swap replaces the target itself: the old node is detached, so look in the page's content.
  var root = event.detail.target && event.detail.target.isConnected ? event.detail.target : document.getElementById("conteudo");
  if (status === 422 && elt && elt.tagName === "FORM") { focusFirstError(root); }
});

// Registry picker (kit macro `picker`): a combobox whose listbox htmx fills as the user types. Arrow keys move the
// active option (aria-activedescendant), Enter or a click picks it, Escape closes. Picking writes each value of
// the option's data-fill into the input of that name, then tells the page the form changed (the CIOT live
// validation listens for "ciot-form-changed"), and says what it filled in the note (aria-live).
(function () {
  function parts(input) {
    var box = input.closest("[data-picker]");
    return { box: box, list: box.querySelector("[role=listbox]"), note: box.querySelector(".picker-note") };
  }
  function options(list) { return Array.prototype.slice.call(list.querySelectorAll("[role=option]:not([aria-disabled=true])")); }
  function setOpen(input, open) {
    var p = parts(input);
    p.list.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    if (!open) { input.removeAttribute("aria-activedescendant"); }
  }
  function activate(input, option) {
    var p = parts(input);
    options(p.list).forEach(function (o) { o.setAttribute("aria-selected", o === option ? "true" : "false"); o.classList.toggle("is-active", o === option); });
    if (option) { input.setAttribute("aria-activedescendant", option.id); option.scrollIntoView({ block: "nearest" }); }
  }
  function pick(input, option, confirmed) {
    var p = parts(input);
    var form = input.closest("form") || document;
    var fill = JSON.parse(option.dataset.fill || "{}");
    // A picker that replaces another choice (data-picker-confirm) asks before overwriting what is filled.
    var asks = input.closest("[data-picker-confirm]");
    if (asks && !confirmed && Object.keys(fill).some(function (name) { var t = form.querySelector('[name="' + name + '"]'); return t && t.value && t.value !== fill[name]; })) {
      setOpen(input, false);
      window.kitAsk(asks.dataset.pickerConfirm, function () { pick(input, option, true); });
      return;
    }
    var filled = 0;
    Object.keys(fill).forEach(function (name) {
      var target = form.querySelector('[name="' + name.replace(/"/g, '\\"') + '"]');
      if (target) { target.value = fill[name]; filled += 1; }
    });
    var label = option.querySelector(".picker-label");
    input.value = label ? label.textContent.trim() : "";
    setOpen(input, false);
    p.note.className = "picker-note" + (option.dataset.tone ? " note-" + option.dataset.tone : "");
    var count = filled === 1 ? "1 campo" : filled + " campos";
    p.note.textContent = option.dataset.note || ("Preenchido a partir do cadastro: " + input.value + " (" + count + ").");
    document.body.dispatchEvent(new CustomEvent("ciot-form-changed", { bubbles: true }));
    input.dispatchEvent(new CustomEvent("picker:picked", { bubbles: true, detail: { fill: fill } }));
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var list = event.detail.target;
    if (!list || list.getAttribute("role") !== "listbox" || !list.closest("[data-picker]")) { return; }
    var input = list.closest("[data-picker]").querySelector("[role=combobox]");
    setOpen(input, list.children.length > 0 && document.activeElement === input);
    activate(input, null);
  });
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("[data-picker] [role=combobox]")) { return; }
    var p = parts(input);
    var all = options(p.list);
    var current = all.indexOf(p.list.querySelector("[aria-selected=true]"));
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!all.length) { return; }
      event.preventDefault();
      setOpen(input, true);
      var next = event.key === "ArrowDown" ? Math.min(current + 1, all.length - 1) : Math.max(current - 1, 0);
      activate(input, all[next]);
    } else if (event.key === "Enter") {
      event.preventDefault();  // never submits the form from the search box
      if (!p.list.hidden && current >= 0) { pick(input, all[current]); }
    } else if (event.key === "Escape" && !p.list.hidden) {
      event.preventDefault();
      setOpen(input, false);
    }
  });
  // mousedown, not click: the option is picked before the input loses focus and closes the list.
  document.addEventListener("mousedown", function (event) {
    var option = event.target.closest && event.target.closest("[data-picker] [role=option]");
    if (!option || option.getAttribute("aria-disabled") === "true") { return; }
    event.preventDefault();
    pick(option.closest("[data-picker]").querySelector("[role=combobox]"), option);
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.matches && event.target.matches("[data-picker] [role=combobox]")) { setOpen(event.target, false); }
  });
  // Typing a search is not editing the form around it: its keyup and change stop here, so a listener on the form
  // (the CIOT live validation) does not run for every letter; the search itself runs on "input".
  ["keyup", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (event.target.matches && event.target.matches("[data-picker] [role=combobox]")) { event.stopPropagation(); }
    }, true);
  });
  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.matches && input.matches("[data-picker] [role=combobox]") && options(parts(input).list).length) { setOpen(input, true); }
  });
  // A picker marked data-picker-clears (a list filter): emptying its search box empties the inputs it names, and
  // tells the form as a pick would, so the list goes back to "all".
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("[data-picker-clears] [role=combobox]") || input.value !== "") { return; }
    var form = input.closest("form") || document;
    input.closest("[data-picker-clears]").dataset.pickerClears.split(" ").forEach(function (name) {
      var target = form.querySelector('[name="' + name.replace(/"/g, '\\"') + '"]');
      if (target) { target.value = ""; }
    });
    parts(input).note.textContent = "";
    input.dispatchEvent(new CustomEvent("picker:picked", { bubbles: true, detail: { fill: {} } }));
  });
})();

// Share buttons: <button data-share="#link-id" hidden> appear where the device shares (phones: navigator.share)
// and send that link's address to the app the person picks.
document.querySelectorAll("[data-share]").forEach(function (button) {
  if (navigator.share) { button.hidden = false; }
});
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-share]");
  if (!button || !navigator.share) { return; }
  var link = document.querySelector(button.dataset.share);
  if (link) { navigator.share({ title: button.dataset.shareTitle || document.title, url: link.href }).catch(function () {}); }
});
