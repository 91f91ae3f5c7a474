// Lists as cards on phones (kit `table(..., cards=True)`, docs/pages.md): each cell takes its column's role and name
// from the header; the rest go behind "Mais dados". Rows brought in by htmx are done as they arrive. Only the app's
// pages have such lists (templates/layout.html loads this file; the public pages do not).
(function () {
  var ROLES = ["is-title", "is-amount", "is-status", "is-action"];
  function cardRow(row, heads) {
    var secondary = 0;
    heads.forEach(function (th, i) {
      var cell = row.cells[i];
      var roles = ROLES.filter(function (role) { return th.classList.contains(role); });
      cell.dataset.label = th.textContent.trim();
      if (roles.length) { roles.forEach(function (role) { cell.classList.add(role); }); return; }
      cell.classList.add("is-secondary");
      if (cell.textContent.trim() || cell.querySelector("input, select, button")) { secondary += 1; }
    });
    if (secondary) {
      var more = row.insertCell();
      more.className = "card-more";
      more.innerHTML = "<details><summary>Mais dados</summary></details>";
    }
    row.dataset.card = "1";
  }
  function cardTable(table) {
    if (!table.tHead || !table.tHead.rows.length) { return; }
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    Array.prototype.forEach.call(table.tBodies, function (body) {
      Array.prototype.forEach.call(body.rows, function (row) {
        if (!row.dataset.card && row.cells.length === heads.length) { cardRow(row, heads); }
      });
    });
    table.classList.add("cards-ready");
  }
  function cardTables(root) {
    var owner = root.closest && root.closest("table.as-cards");
    if (owner) { cardTable(owner); }
    if (root.querySelectorAll) { root.querySelectorAll("table.as-cards").forEach(cardTable); }
  }
  if (window.htmx) { window.htmx.onLoad(cardTables); }
})();
