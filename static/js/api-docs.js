// /api/docs: Swagger UI (vendored) on the API's own OpenAPI document, whose address the page gives.
(function () {
  var target = document.getElementById("referencia");
  window.ui = window.SwaggerUIBundle({
    url: target.getAttribute("data-document"),
    domNode: target,
    deepLinking: true,
    tryItOutEnabled: false,
    validatorUrl: null
  });
})();
