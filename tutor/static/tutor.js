// Progress is kept in the browser only (no account, no cookie, nothing on the server), one record
// per game's course (dominoes, backgammon), each under its own localStorage key:
//   seen:    which steps of each section were read,
//   correct: which check questions were answered correctly (progress counts these, not visits),
//   last:    the step read last, and the one after it, for "Continue where you left off".
// A page says which course an element belongs to with data-game on it or around it; without one
// it is the domino course's.
"use strict";
(function () {
  // the domino key predates the second course: kept, so that progress saved before stays
  function keyOf(game) { return game === "dominoes" ? "tutor-progress" : "tutor-progress-" + game; }
  function gameOf(element) {
    const holder = element.closest("[data-game]");
    return holder ? holder.dataset.game : "dominoes";
  }
  function load(key) {
    let data = null;
    try { data = JSON.parse(localStorage.getItem(key)); } catch (e) { data = null; }
    if (!data || typeof data !== "object") data = {};
    if (!data.seen) {  // the first format was {section: [steps visited]}
      const seen = {};
      Object.keys(data).forEach(function (k) { if (Array.isArray(data[k])) seen[k] = data[k]; });
      data = { seen: seen };
    }
    data.correct = data.correct || {};
    return data;
  }
  const records = {};
  function progressOf(game) {
    if (!records[game]) records[game] = load(keyOf(game));
    return records[game];
  }
  function save(game) {
    try { localStorage.setItem(keyOf(game), JSON.stringify(progressOf(game))); } catch (e) { /* private mode: no memory */ }
  }
  function add(map, section, step) {
    const set = new Set(map[section] || []);
    set.add(step);
    map[section] = Array.from(set);
  }
  // the elements matching selector that belong to a game's course
  function within(game, selector) {
    return Array.from(document.querySelectorAll(selector)).filter(function (e) { return gameOf(e) === game; });
  }
  const main = document.querySelector("main.lesson, main.backgammon-lesson");
  const mainGame = main ? gameOf(main) : null;
  if (main) {
    const progress = progressOf(mainGame);
    const section = main.dataset.section, step = main.dataset.step;
    add(progress.seen, section, step);
    if (document.querySelector(".feedback.right")) add(progress.correct, section, step);
    progress.last = { section: section, step: step, question: !!main.dataset.question, next: main.dataset.next || "" };
    save(mainGame);
  }

  // Where "Continue" leads: the last step read, until its question is answered correctly; then the next one.
  function continueTarget(link) {
    const progress = progressOf(gameOf(link));
    const last = progress.last;
    if (!last || !last.section) return null;
    const done = (progress.correct[last.section] || []).includes(last.step);
    let where = last.section + "/" + last.step;
    if (!last.question || done) where = last.next;
    if (!where) return { url: link.dataset.endUrl, end: true };
    const parts = where.split("/");
    return { url: link.dataset.stepUrl.replace("SECTION", parts[0]).replace("STEP", parts[1]), section: parts[0], step: parts[1] };
  }
  const header = document.querySelector("a.continue");
  if (header) {
    const target = continueTarget(header);
    const here = main && mainGame === gameOf(header) ? "/" + main.dataset.section + "/" + main.dataset.step : null;
    if (target && !(here && target.url.endsWith(here))) {
      header.href = target.url;
      header.closest("li").hidden = false;
    }
  }
  // a.start: a course's own big button; a.resume: another course's, on the home page (the backgammon one)
  document.querySelectorAll("a.start, a.resume").forEach(function (start) {
    const target = continueTarget(start);
    if (!target) return;
    const game = gameOf(start);
    start.href = target.url;
    start.classList.add("continuing");
    start.querySelector(".label").textContent = target.end ? start.dataset.end : start.dataset.continue;
    const title = target.end ? null : within(game, 'li[data-section="' + target.section + '"] .step-title[data-step="' + target.step + '"]')[0];
    if (title) start.querySelector(".where-next").textContent = title.textContent;
  });

  document.querySelectorAll("[data-section][data-steps]").forEach(function (item) {
    const game = gameOf(item);
    const progress = progressOf(game);
    const section = item.dataset.section;
    const steps = item.dataset.steps.split(" ");
    const asked = (item.dataset.questions || "").split(" ").filter(Boolean);
    const seen = (progress.seen[section] || []).filter(function (s) { return steps.includes(s); });
    const right = (progress.correct[section] || []).filter(function (s) { return asked.includes(s); });
    item.classList.toggle("done", seen.length === steps.length && right.length === asked.length);
    const text = item.querySelector(".progress-text");
    const reset = item.querySelector(".reset");
    if (text && asked.length && (seen.length || right.length)) {
      text.textContent = text.dataset.template.replace("{correct}", right.length) + (right.length === asked.length ? " ✓" : "");
      text.hidden = false;
    }
    if (reset && (seen.length || right.length)) {
      reset.hidden = false;
      reset.addEventListener("click", function () {
        delete progress.seen[section];
        delete progress.correct[section];
        if (progress.last && progress.last.section === section) delete progress.last;
        save(game);
        item.classList.remove("done");
        if (text) text.hidden = true;
        reset.hidden = true;
      });
    }
  });
})();

// In a game, a click on a tile of your hand in the picture presses that tile's button (in Mexican
// Train follows its move, or, when it may go on several trains, marks those moves to choose from).
(function () {
  const picture = document.querySelector(".table-picture");
  if (!picture) return;
  picture.addEventListener("click", function (event) {
    const tile = event.target.closest && event.target.closest('g.tile[data-seat="0"][data-tile]');
    if (!tile) return;
    const halves = tile.dataset.tile.split("-").map(Number).sort(function (a, b) { return b - a; });
    const button = document.querySelector('.moves button[data-tile="' + halves.join("-") + '"]');
    if (button) { button.click(); return; }
    // Mexican Train: the tile's moves are links, one per train it may go on: one plays it, several ask which
    const name = halves.join("-"), turned = halves.slice().reverse().join("-");
    const moves = Array.from(document.querySelectorAll(".actions a[data-action]")).filter(function (a) {
      const tileOf = a.dataset.action.split(":")[0];
      return tileOf === name || tileOf === turned;
    });
    document.querySelectorAll(".actions a.asked").forEach(function (a) { a.classList.remove("asked"); });
    if (moves.length === 1) { moves[0].click(); return; }
    moves.forEach(function (a) { a.classList.add("asked"); });
    if (moves.length) moves[0].focus();
  });
})();

// After a move the address ends in #table (the page scrolls there): focus the status too, so that
// keyboard and screen-reader users are back at the table with everyone else.
(function () {
  if (location.hash !== "#table") return;
  const status = document.getElementById("status");
  if (!status) return;
  // after the browser's own jump to the fragment, which would otherwise take the focus back
  window.addEventListener("load", function () {
    setTimeout(function () { status.focus({ preventScroll: true }); }, 0);
  });
})();

// Offline (tutor/static/sw.js, served as /sw.js): the service worker keeps the lessons read, and
// this page's files and the offline page of its language; the offline page lists what was kept.
(function () {
  if (!("serviceWorker" in navigator)) return;
  const root = document.documentElement;
  const script = document.querySelector("script[data-sw]");
  if (!script) return;
  const worker = script.dataset.sw, offline = script.dataset.offline;
  const first = !navigator.serviceWorker.controller;  // this page came before the worker: tell it
  navigator.serviceWorker.register(worker, { scope: "/" }).catch(function () { /* no worker: no offline reading */ });
  navigator.serviceWorker.ready.then(function (registration) {
    const files = Array.from(document.querySelectorAll('link[rel="stylesheet"], script[src], link[rel="icon"]'))
      .map(function (e) { return new URL(e.href || e.src, location.href); })
      .filter(function (u) { return u.origin === location.origin; }).map(function (u) { return u.pathname; });
    const active = registration.active;
    if (!active) return;
    active.postMessage({ offline: offline, files: files, pages: first ? [location.pathname + location.search] : [] });
    const list = document.querySelector(".offline-page .kept-pages");
    if (!list) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      const pages = event.data || [];
      const reading = document.createElement("textarea");  // titles come HTML-escaped
      pages.forEach(function (kept) {
        reading.innerHTML = kept.title;
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = kept.url;
        link.textContent = reading.value;
        item.appendChild(link);
        list.appendChild(item);
      });
      list.hidden = !pages.length;
      document.querySelector(".offline-page .kept-none").hidden = !!pages.length;
    };
    active.postMessage({ list: root.lang }, [channel.port2]);
  });
  const again = document.querySelector(".offline-page .try-again");
  if (again) again.addEventListener("click", function () { location.reload(); });
})();

// A game page that answers a tap at once (backgammon: one request a tap) names its own address in
// its canonical link: show that one in the address bar, so that a refresh, a bookmark or a shared
// link is the game as it stands, not the tap again.
(function () {
  const canonical = document.querySelector('link[rel="canonical"]');
  if (!canonical || !window.history || !history.replaceState) return;
  const here = new URL(canonical.href, location.href);
  if (here.origin !== location.origin) return;
  if (here.pathname + here.search !== location.pathname + location.search) {
    history.replaceState(history.state, "", here.pathname + here.search + location.hash);
  }
})();
