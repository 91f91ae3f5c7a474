// htmx requests carry the CSRF token (also set on <body hx-headers>, kept here for swapped-in content).
document.addEventListener("htmx:configRequest", function (event) {
  var meta = document.querySelector('meta[name="csrf-token"]');
  if (meta) { event.detail.headers["X-CSRFToken"] = meta.content; }
});
// Validation errors come back as 422 with the re-rendered fragment: swap them in like a 200.
document.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.xhr.status === 422) { event.detail.shouldSwap = true; event.detail.isError = false; }
});
