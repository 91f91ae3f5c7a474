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
// Plain (non-htmx) forms that ask first: <form data-confirm="..."> (no inline handlers: the CSP forbids them).
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) { event.preventDefault(); }
});
