// Presenter mode, its speaker notes window, and the handout's print button.
//
// Without this file every page still works: the slides are plain pages with next and previous
// links. With it, the slides change in place (full screen stays on), the keys of slide tools work,
// the address follows the slide, and a speaker notes window follows along through a
// BroadcastChannel (same origin). The slide window is the authority: a notes window asks it to move
// ("go") and both show whatever it announces ("state"). Every message names its section; a notes
// window that hears the slides announce another section opens that section's notes.
"use strict";
(function () {
  // a translator's link (#msgid=..., msgids.js) stays in the address the slides write
  function keptHash() { return location.hash.indexOf("#msgid=") === 0 ? location.hash : ""; }
  const NEXT = new Set(["ArrowRight", "ArrowDown", " ", "Spacebar", "n", "N", "PageDown"]);
  const PREVIOUS = new Set(["ArrowLeft", "ArrowUp", "p", "P", "PageUp"]);

  function channelFor(name) {
    if (!("BroadcastChannel" in window) || !name) return null;
    try { return new BroadcastChannel(name); } catch (e) { return null; }
  }

  // A key meant for the page, not for a form field or a browser shortcut.
  function ours(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
    const target = event.target;
    return !(target && target.closest && target.closest("input, textarea, select, [contenteditable]"));
  }

  // The previous / next links stay real links (a middle click opens the slide in a new tab).
  function setLink(link, url) {
    if (url) {
      link.setAttribute("href", url);
      link.removeAttribute("aria-disabled");
      link.classList.remove("off");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
      link.classList.add("off");
    }
  }

  // ----- the slides ------------------------------------------------------------------------------
  function deck(main) {
    const slides = Array.from(main.querySelectorAll(".slide"));
    const count = slides.length;
    const controls = document.querySelector(".controls");
    const prev = controls.querySelector(".prev");
    const next = controls.querySelector(".next");
    const number = controls.querySelector(".counter .number");
    const notesLink = controls.querySelector(".notes-link");
    const leave = controls.querySelector(".leave");
    const nextSection = controls.querySelector(".next-section");
    const fullscreen = controls.querySelector(".fullscreen");
    const help = controls.querySelector(".help");
    const blank = document.querySelector(".blank");
    const announce = document.querySelector(".announce");
    const titleTail = document.title.split(" · ").slice(1).join(" · ");
    const channel = channelFor(main.dataset.channel);
    const section = main.dataset.section;
    let current = Number(main.dataset.current) || 1;

    function notesUrl(n) { return main.dataset.notes + (main.dataset.notes.indexOf("?") < 0 ? "?" : "&") + "slide=" + n; }

    function broadcast() {
      if (channel) {
        channel.postMessage({ type: "state", section: section, number: current, blank: !blank.hidden,
                              notes: new URL(notesUrl(current), location.href).href });
      }
    }

    function show(n, options) {
      const opts = Object.assign({ history: "push", broadcast: true, announce: true }, options);
      n = Math.min(Math.max(1, n), count);
      const changed = n !== current;
      const old = slides[current - 1];
      if (changed && old.contains(document.activeElement)) main.focus({ preventScroll: true });
      if (changed) {
        const answer = old.querySelector("details.answer");
        if (answer) answer.open = false;
      }
      current = n;
      slides.forEach(function (slide, i) { slide.hidden = i !== n - 1; });
      const slide = slides[n - 1];
      main.dataset.current = String(n);
      fit(slide);
      number.textContent = String(n);
      setLink(prev, n > 1 ? slides[n - 2].dataset.url : null);
      setLink(next, n < count ? slides[n].dataset.url : null);
      notesLink.setAttribute("href", notesUrl(n));
      // a deck of several sections leaves for the presenter's index; a section's, for the lesson step on screen
      leave.setAttribute("href", main.dataset.leave || slide.dataset.lesson);
      if (nextSection) nextSection.hidden = n < count;
      document.title = slide.dataset.title + (titleTail ? " · " + titleTail : "");
      if (opts.history === "push" && changed) history.pushState({ slide: n }, "", slide.dataset.url);
      if (opts.history === "replace") history.replaceState({ slide: n }, "", slide.dataset.url + keptHash());
      if (opts.announce && changed) announce.textContent = slide.getAttribute("aria-label") + ": " + slide.dataset.title;
      if (opts.broadcast) broadcast();
      // for the class following the slides on phones (classroom.js)
      main.dispatchEvent(new CustomEvent("slidechange", { detail: { number: n } }));
    }

    // The picture gets as much of the slide as the text leaves it: from the roomiest picture
    // column down to the widest text column, the first layout where no text runs past the bottom.
    // Text that still does not fit (a long translation, the pseudo-locale) steps down in size.
    function overflowsNow(slide) {
      const limit = slide.getBoundingClientRect().bottom - parseFloat(getComputedStyle(slide).paddingBottom);
      const right = slide.getBoundingClientRect().right;
      let bottom = 0, widest = 0;
      slide.querySelectorAll(".slide-head > *, .slide-text > *, .slide-text li").forEach(function (e) {
        const box = e.getBoundingClientRect();
        bottom = Math.max(bottom, box.bottom);
        widest = Math.max(widest, box.right);
      });
      return bottom > limit + 1 || widest > right + 1;
    }
    // A picture drawn for a slide (data-label-size: tutor/web/slides.py) has its labels
    // sized for the "wide" picture box: never narrower, so they stay 24 px; longer text steps down
    // in size instead.
    const ALL_LAYOUTS = ["roomy", "", "wide", "wider"];
    const SIZED_LAYOUTS = ["roomy", "", "wide"];
    const DENSITY = ["", "dense", "denser"];
    function fit(slide) {
      // measured with the answer shown and hidden, so that revealing it (A) moves nothing
      const answer = slide.querySelector("details.answer");
      const wasOpen = answer ? answer.open : false;
      function overflows(slide) {
        if (!answer) return overflowsNow(slide);
        answer.open = true;
        const open = overflowsNow(slide);
        answer.open = false;
        return open || overflowsNow(slide);
      }
      const sized = slide.querySelector(".visual svg[data-label-size]");
      // (a picture with the slide to itself, or down a question's whole height, has one layout; the
      // latter's column is as wide as the picture drawn down the slide's height, the text gets the rest)
      const fixed = slide.classList.contains("alone") || slide.classList.contains("large-picture");
      // (measured in full-size type: a smaller one left from an earlier fit, before the fonts were
      // in, would hide the overflow the picture's column must make room for)
      slide.classList.remove.apply(slide.classList, ALL_LAYOUTS.concat(DENSITY).filter(Boolean));
      if (slide.classList.contains("large-picture")) {
        const picture = slide.querySelector(".visual svg");
        const box = picture && picture.viewBox && picture.viewBox.baseVal;
        const style = getComputedStyle(slide);
        const inner = slide.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        let width = 0;
        const columns = function () { slide.style.gridTemplateColumns = "minmax(0, 1fr) " + Math.floor(width) + "px"; };
        // the narrowest the picture may be: its tiles TILE_PX (60 px, tutor/web/domino/slides.py) or
        // more and its words 24 px (tutor/web/slides.py), plain and with the answer shown
        const least = function () {
          let found = 0;
          [false, true].forEach(function (open) {
            if (answer) answer.open = open;
            const shown = Array.from(slide.querySelectorAll(".visual svg")).find(function (e) { return e.getBoundingClientRect().width > 0; });
            if (!shown) return;
            const tiles = Array.from(shown.querySelectorAll("g.tile:not(.face-down)"))
              .map(function (t) { const r = t.getBoundingClientRect(); return Math.max(r.width, r.height); })
              .filter(function (v) { return v > 0; });
            const words = Array.from(shown.querySelectorAll("text"))
              .filter(function (t) { return t.getBoundingClientRect().width > 0; })
              .map(function (t) { const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)); });
            found = Math.max(found, tiles.length ? width * 62 / Math.min.apply(null, tiles) : 0,
                             words.length ? width * 24.5 / Math.min.apply(null, words) : 0);
          });
          if (answer) answer.open = wasOpen;
          return found;
        };
        // the question across the slide above the picture when that leaves the picture enough
        // height (a short question), else beside it; the picture's column as wide as the picture
        // drawn down its height, narrowed (no further than its least) while the text runs over
        if (box && box.height) {
          for (const across of [true, false]) {
            slide.classList.toggle("title-across", across);
            const head = across ? slide.querySelector(".slide-head").getBoundingClientRect().height : 0;
            const room = 0.62 * slide.clientWidth;
            width = Math.min((inner - head) * box.width / box.height, room);
            columns();
            let floor = least();
            // the picture with the answer shown may be wider than the plain one: widen to its least
            if (floor > width + 1 && floor <= room) { width = floor; columns(); floor = least(); }
            if (floor > width + 1) continue;  // too small there already
            while (overflows(slide) && width > floor + 1) { width = Math.max(width * 0.92, floor); columns(); }
            if (!overflows(slide)) break;
          }
        }
      }
      const layouts = !slide.classList.contains("has-visual") || fixed ? [""] : sized ? SIZED_LAYOUTS : ALL_LAYOUTS;
      slide.classList.remove.apply(slide.classList, ALL_LAYOUTS.concat(DENSITY).filter(Boolean));
      search: for (const density of DENSITY) {
        if (density) slide.classList.add(density);
        for (const layout of layouts) {
          ALL_LAYOUTS.forEach(function (c) { if (c) slide.classList.remove(c); });
          if (layout) slide.classList.add(layout);
          if (!overflows(slide)) break search;
        }
      }
      if (answer) answer.open = wasOpen;
    }

    function setBlank(on) {
      blank.hidden = !on;
      document.documentElement.classList.toggle("blanked", on);
      broadcast();
    }

    function toggleFullscreen() {
      if (document.fullscreenElement) {
        if (document.exitFullscreen) document.exitFullscreen().catch(function () {});
      } else if (document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().catch(function () {});
      }
    }

    function openNotes() {
      const win = window.open(notesUrl(current), "tutor-notes", "popup,width=1000,height=720");
      if (win) win.focus();
    }

    function toggleAnswer() {
      const answer = slides[current - 1].querySelector("details.answer");
      if (answer) answer.open = !answer.open;
    }

    // Older links and notes may say #3: honour it, then show the slide's own address.
    const hash = /^#(\d{1,3})$/.exec(location.hash);
    show(hash ? Number(hash[1]) : current, { history: "replace", broadcast: true, announce: false });

    // React to keys: the slide tools' usual ones.
    document.addEventListener("keydown", function (event) {
      if (!ours(event)) return;
      const key = event.key;
      let handled = true;
      if (NEXT.has(key)) show(current + 1);
      else if (PREVIOUS.has(key)) show(current - 1);
      else if (key === "Home") show(1);
      else if (key === "End") show(count);
      else if (key === "f" || key === "F") toggleFullscreen();
      else if (key === "b" || key === "B" || key === ".") setBlank(blank.hidden);
      else if (key === "a" || key === "A") toggleAnswer();
      else if (key === "s" || key === "S") openNotes();
      else if (key === "?") help.open = !help.open;
      else if (key === "Escape" || key === "Esc") {
        if (!blank.hidden) setBlank(false);
        else if (help.open) help.open = false;
        else if (document.fullscreenElement) toggleFullscreen();
        else location.assign(leave.getAttribute("href"));
      } else handled = false;
      if (handled) event.preventDefault();
    });

    function follow(link, delta) {
      link.addEventListener("click", function (event) {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        show(current + delta);
      });
    }
    follow(prev, -1);
    follow(next, +1);
    notesLink.addEventListener("click", function (event) { event.preventDefault(); openNotes(); });
    blank.addEventListener("click", function () { setBlank(false); });
    fullscreen.hidden = false;
    fullscreen.addEventListener("click", toggleFullscreen);
    document.addEventListener("fullscreenchange", function () {
      const on = Boolean(document.fullscreenElement);
      fullscreen.setAttribute("aria-pressed", String(on));
      document.documentElement.classList.toggle("fullscreen", on);
    });
    window.addEventListener("resize", function () { fit(slides[current - 1]); });
    // the layout is chosen again once the fonts and the pictures are in (a wider fallback font ran
    // a question's text over at first, and it stayed in smaller type)
    window.addEventListener("load", function () { fit(slides[current - 1]); });
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { fit(slides[current - 1]); });
    window.addEventListener("popstate", function (event) {
      const n = event.state && event.state.slide;
      if (n) show(n, { history: "none" });
    });
    if (channel) {
      channel.addEventListener("message", function (event) {
        const data = event.data || {};
        if (data.type === "hello") { broadcast(); return; }  // a notes window of any section: tell it where we are
        if (data.section !== section) return;
        if (data.type === "go") show(Number(data.number));
        else if (data.type === "blank") setBlank(Boolean(data.on));
        else if (data.type === "state") {
          // another slide window of the same section (a second screen): keep in step, quietly
          show(Number(data.number), { broadcast: false });
          blank.hidden = !data.blank;
        }
      });
    }
    document.documentElement.classList.add("js");
  }

  // ----- the speaker notes window ----------------------------------------------------------------
  function notes(main) {
    const parts = Array.from(main.querySelectorAll(".notes-slide"));
    const count = parts.length;
    const controls = main.querySelector(".notes-controls");
    const number = controls.querySelector(".counter .number");
    const prev = controls.querySelector(".prev");
    const next = controls.querySelector(".next");
    const channel = channelFor(main.dataset.channel);
    const section = main.dataset.section;
    let current = Number(main.dataset.current) || 1;
    let blanked = false;

    function show(n) {
      n = Math.min(Math.max(1, n), count);
      current = n;
      parts.forEach(function (part, i) { part.hidden = i !== n - 1; });
      number.textContent = String(n);
      main.dataset.current = String(n);
      setLink(prev, n > 1 ? parts[n - 2].dataset.url : null);
      setLink(next, n < count ? parts[n].dataset.url : null);
      history.replaceState({ slide: n }, "", parts[n - 1].dataset.url + keptHash());
    }

    function go(n) {
      n = Math.min(Math.max(1, n), count);
      show(n);
      if (channel) channel.postMessage({ type: "go", section: section, number: n });
    }

    document.addEventListener("keydown", function (event) {
      if (!ours(event)) return;
      const key = event.key;
      let handled = true;
      if (NEXT.has(key)) go(current + 1);
      else if (PREVIOUS.has(key)) go(current - 1);
      else if (key === "Home") go(1);
      else if (key === "End") go(count);
      else if (key === "b" || key === "B" || key === ".") {
        blanked = !blanked;
        if (channel) channel.postMessage({ type: "blank", section: section, on: blanked });
      } else handled = false;
      if (handled) event.preventDefault();
    });
    [[prev, -1], [next, +1]].forEach(function (pair) {
      pair[0].addEventListener("click", function (event) {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(current + pair[1]);
      });
    });
    if (channel) {
      channel.addEventListener("message", function (event) {
        const data = event.data || {};
        if (data.type !== "state") return;
        if (data.section !== section) {
          // the slides went on to another section: follow them there (same origin only)
          const url = new URL(data.notes, location.href);
          if (url.origin === location.origin) location.replace(url.href);
          return;
        }
        show(Number(data.number));
        blanked = Boolean(data.blank);
        main.querySelector(".blank-state").hidden = !blanked;
      });
      channel.postMessage({ type: "hello" });
    }
    show(current);

    // the stopwatch: time since this window opened (kept when it follows the slides to another
    // section), with pause and reset
    const timer = main.querySelector(".timer");
    const clock = timer.querySelector(".clock");
    const pause = timer.querySelector(".timer-pause");
    const KEY = "tutor-notes-timer";
    let started = Date.now(), pausedAt = null;
    try {
      const kept = JSON.parse(sessionStorage.getItem(KEY));
      if (kept && kept.started) { started = kept.started; pausedAt = kept.pausedAt || null; }
    } catch (e) { /* no storage: start from zero */ }
    function keep() {
      try { sessionStorage.setItem(KEY, JSON.stringify({ started: started, pausedAt: pausedAt })); } catch (e) { /* ignore */ }
    }
    function elapsed() { return (pausedAt || Date.now()) - started; }
    function tick() {
      keepToPlan();
      const seconds = Math.max(0, Math.floor(elapsed() / 1000));
      const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
      const mm = h ? String(m).padStart(2, "0") : String(m);
      clock.textContent = (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
    }
    function label() { pause.textContent = pausedAt ? pause.dataset.resume : pause.dataset.pause; }
    // a lesson plan's deck: the part on screen marked, and whether the clock is past its planned end
    const plan = main.querySelector(".plan-parts");
    const planStatus = main.querySelector(".plan-status");
    function keepToPlan() {
      if (!plan) return;
      let behind = 0;
      plan.querySelectorAll("li").forEach(function (li) {
        const first = Number(li.dataset.first || 0), last = Number(li.dataset.last || 0);
        const here = first && current >= first && current <= last;
        li.classList.toggle("current", Boolean(here));
        if (here) behind = Math.floor((elapsed() / 1000 - Number(li.dataset.end)) / 60);
      });
      planStatus.textContent = behind > 0 ? plan.dataset.behind.replace("%(minutes)s", String(behind)) : plan.dataset.onTime;
      planStatus.classList.toggle("behind", behind > 0);
    }
    pause.addEventListener("click", function () {
      if (pausedAt) { started += Date.now() - pausedAt; pausedAt = null; }
      else pausedAt = Date.now();
      label();
      keep();
      tick();
    });
    timer.querySelector(".timer-reset").addEventListener("click", function () {
      started = Date.now();
      if (pausedAt) pausedAt = started;
      keep();
      tick();
    });
    keep();
    label();
    timer.hidden = false;
    tick();
    setInterval(tick, 500);
  }

  // ----- the handout -----------------------------------------------------------------------------
  function handout(button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  }

  // ----- a game on the projector (domino/play/present.html) ------------------------------------------------
  // Each move, hint and tool is a link or a button with a data-key: the key clicks it.
  function gamePresenter(main) {
    const fullscreen = main.querySelector("button.fullscreen");
    if (fullscreen && document.documentElement.requestFullscreen) {
      fullscreen.hidden = false;
      fullscreen.addEventListener("click", function () {
        if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
        else document.documentElement.requestFullscreen().catch(function () {});
      });
    }
    const body = main.querySelector(".game-body.with-side");
    const side = body && body.querySelector(".game-side");
    document.addEventListener("keydown", function (event) {
      if (!ours(event)) return;
      const key = event.key === "Esc" ? "escape" : event.key.toLowerCase();
      if (key === "escape" && document.fullscreenElement) return;  // the browser leaves full screen first
      const step = {arrowdown: 1, pagedown: 1, arrowup: -1, pageup: -1}[key];
      if (step && side && side.scrollHeight > side.clientHeight + 1) {
        event.preventDefault();
        side.scrollBy({top: step * 0.8 * side.clientHeight});
        return;
      }
      const target = main.querySelector('[data-key="' + CSS.escape(key) + '"]');
      if (!target || target.hidden) return;
      event.preventDefault();
      target.click();
    });
    // A long explanation beside the table: its type steps down to 0.8 of its size, then the
    // table's share of the row (present.css: two thirds at most) gives way, down to a half, until
    // the panel's words are all on screen; what is still below, ↓ and ↑ scroll (a phone: the page).
    function fitSide() {
      if (!side) return;
      body.style.removeProperty("--picture-share");
      side.style.fontSize = "";
      if (getComputedStyle(body).containerType !== "size") return;
      const overflows = function () { return side.scrollHeight > side.clientHeight + 1; };
      for (let scale = 0.95; overflows() && scale >= 0.8; scale -= 0.05) side.style.fontSize = (0.75 * scale) + "em";
      for (let share = 62; overflows() && share >= 50; share -= 4) body.style.setProperty("--picture-share", share);
      markMore();
    }
    function markMore() { side.classList.toggle("more", side.scrollTop + side.clientHeight < side.scrollHeight - 1); }
    if (side) side.addEventListener("scroll", markMore);
    fitSide();
    window.addEventListener("resize", fitSide);
    window.addEventListener("load", fitSide);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(fitSide);
    document.documentElement.classList.add("js");
  }

  const gameMain = document.querySelector("main.game-presenter");
  if (gameMain) gamePresenter(gameMain);
  const deckMain = document.querySelector("main.deck");
  if (deckMain) deck(deckMain);
  const notesMain = document.querySelector("main.notes");
  if (notesMain) notes(notesMain);
  const print = document.querySelector(".print-button");
  if (print) handout(print);
})();
