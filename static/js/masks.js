// Input masks of the page kit (templates/_macros/forms.html `MASKS`): pt-BR numbers, CPF/CNPJ, PIX key, CEP, phone,
// plate.
// They format as the user types (when typing at the end) and on leaving the field. A number that cannot be read
// unambiguously ("1.5", "1500.50") is left exactly as typed and marked aria-invalid; the server explains why
// (core.formatting.parse_decimal has the same rules). Nothing here changes what a value means.
(function () {
  "use strict";

  function readDecimal(text, places) {
    var raw = text.replace(/[\s\u00a0]/g, "").replace(/^R\$/, "");
    if (!raw) { return { empty: true }; }
    var sign = "";
    if (raw[0] === "-" || raw[0] === "+") { sign = raw[0] === "-" ? "-" : ""; raw = raw.slice(1); }
    if (!/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(raw) && !/^\d+(,\d+)?$/.test(raw)) { return null; }
    var parts = raw.split(",");
    var decimals = parts[1] || "";
    if (decimals.length > places) { return null; }
    return { sign: sign, whole: parts[0].replace(/\./g, "").replace(/^0+(?=\d)/, ""), decimals: decimals };
  }

  function writeDecimal(n, places, fixed) {
    var whole = n.whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
    var decimals = n.decimals;
    if (fixed) { while (decimals.length < places) { decimals += "0"; } }
    else { decimals = decimals.replace(/0+$/, ""); }
    return n.sign + whole + (decimals ? "," + decimals : "");
  }

  function group(chars, marks) {  // marks: {position: separator placed before that character}
    var out = "";
    for (var i = 0; i < chars.length; i++) { out += (marks[i] || "") + chars[i]; }
    return out;
  }

  var formatters = {
    cpf_cnpj: function (value) {
      var c = value.toUpperCase().replace(/[^0-9A-Z]/g, "").slice(0, 14);
      if (c.length <= 11 && /^\d*$/.test(c)) { return group(c, { 3: ".", 6: ".", 9: "-" }); }
      return group(c, { 2: ".", 5: ".", 8: "/", 12: "-" });
    },
    cep: function (value) { return group(value.replace(/\D/g, "").slice(0, 8), { 5: "-" }); },
    plate: function (value) { return value.toUpperCase().replace(/[^0-9A-Z]/g, "").slice(0, 7); },
    phone: function (value) {
      var v = value.trim();
      if (v[0] === "+" && v.slice(0, 3) !== "+55") { return value; }  // foreign numbers as typed
      var d = v.replace(/\D/g, "");
      if (v[0] === "+") { d = d.slice(2); }
      d = d.slice(0, 11);
      if (!d) { return v[0] === "+" ? value : ""; }
      var cut = d.length === 11 ? 7 : 6;
      return group(d, { 0: "(", 2: ") ", [cut]: d.length > cut ? "-" : "" });
    },
    // A PIX key by its type (domain/partners/schemas.py pix_key_type): "+" starts a phone, digits are a CPF/CNPJ,
    // anything else (e-mail, random key, alphanumeric CNPJ) is left as typed.
    pix_key: function (value) {
      var v = value.trim();
      if (v[0] === "+") {
        if (v.slice(0, 3) !== "+55") { return value; }
        // The phone mask drops the +55; with no digit after it yet it answers the text as typed, kept as is.
        var local = formatters.phone(v);
        return local && local[0] !== "+" ? "+55 " + local : v;
      }
      if (/^[\d.\-\/ ]+$/.test(v)) { return formatters.cpf_cnpj(v); }
      return value;
    }
  };

  function format(input, leaving) {
    var kind = input.dataset.mask;
    var value = input.value;
    if (kind === "decimal") {
      if (!leaving) { input.value = value.replace(/[^\d.,\-+R$\s]/g, ""); return; }
      var n = readDecimal(value, parseInt(input.dataset.places || "2", 10));
      if (n === null) { input.setAttribute("aria-invalid", "true"); return; }
      input.removeAttribute("aria-invalid");
      if (!n.empty) { input.value = writeDecimal(n, parseInt(input.dataset.places || "2", 10), input.dataset.fixed === "true"); }
      return;
    }
    var formatter = formatters[kind];
    if (!formatter) { return; }
    var formatted = formatter(value);
    if (kind === "plate" && leaving && /^[A-Z]{3}\d{4}$/.test(formatted)) { formatted = formatted.slice(0, 3) + "-" + formatted.slice(3); }
    if (formatted !== value) { input.value = formatted; }
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.mask) { return; }
    if (input.selectionStart !== null && input.selectionStart < input.value.length) { return; }  // editing mid-text
    if (event.inputType && event.inputType.indexOf("delete") === 0) { return; }  // let backspace remove separators
    format(input, false);
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.dataset && event.target.dataset.mask) { format(event.target, true); }
  });
  window.fretesMasks = { format: format, readDecimal: readDecimal };
})();
