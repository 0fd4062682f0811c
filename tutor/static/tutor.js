// Progress is kept in the browser only (no account): which steps of each section were visited.
"use strict";
(function () {
  const KEY = "tutor-progress";
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
  }
  function save(progress) {
    try { localStorage.setItem(KEY, JSON.stringify(progress)); } catch (e) { /* private mode: no memory */ }
  }
  const progress = load();
  const main = document.querySelector("main.lesson");
  if (main) {
    const section = main.dataset.section, step = main.dataset.step;
    const seen = new Set(progress[section] || []);
    seen.add(step);
    progress[section] = Array.from(seen);
    save(progress);
  }
  document.querySelectorAll("[data-section][data-steps]").forEach(function (item) {
    const steps = item.dataset.steps.split(" ");
    const seen = (progress[item.dataset.section] || []).filter(function (s) { return steps.includes(s); });
    item.classList.toggle("done", seen.length === steps.length);
    const text = item.querySelector(".progress-text");
    const reset = item.querySelector(".reset");
    if (text && seen.length) {
      text.textContent = seen.length + " / " + steps.length + " ✓";
      text.hidden = false;
    }
    if (reset && seen.length) {
      reset.hidden = false;
      reset.addEventListener("click", function () {
        delete progress[item.dataset.section];
        save(progress);
        item.classList.remove("done");
        text.hidden = true;
        reset.hidden = true;
      });
    }
  });
})();

// In a game, a click on a tile of your hand in the picture presses that tile's button.
(function () {
  const picture = document.querySelector(".table-picture");
  if (!picture) return;
  picture.addEventListener("click", function (event) {
    const tile = event.target.closest && event.target.closest('g.tile[data-seat="0"][data-tile]');
    if (!tile) return;
    const halves = tile.dataset.tile.split("-").map(Number).sort(function (a, b) { return b - a; });
    const button = document.querySelector('.moves button[data-tile="' + halves.join("-") + '"]');
    if (button) button.click();
  });
})();
