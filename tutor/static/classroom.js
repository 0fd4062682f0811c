// Class mode (tutor/web/classroom.py): students answer the slides' questions on their phones.
//
// Without this file every class page still works: a phone's page refreshes itself while it waits,
// the answer is a form, the teacher leads from the class page, and a tally page refreshes itself.
// With it:
// - a phone asks the class every second whether the teacher has moved, and loads its page again
//   when so (short polling: a worker is held for a few milliseconds, never for the whole class);
// - the slides tell the class which slide is on the screen and whether its answer is shown (A),
//   show how many have answered (never what), then what the class answered, the right answer
//   marked, and pass the same on to the speaker notes window (present.js's BroadcastChannel);
// - J shows or hides the join code and its QR code over the slides.
// Everything shown comes from the server as text (textContent): nothing here writes HTML.
"use strict";
(function () {
  const POLL_MS = 1000;

  function channelFor(name) {
    if (!("BroadcastChannel" in window) || !name) return null;
    try { return new BroadcastChannel(name); } catch (e) { return null; }
  }

  function getJSON(url) {
    return fetch(url, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.json() : Promise.reject(response.status);
    });
  }

  // ----- a student's phone: follow the teacher ------------------------------------------------
  function follow(main) {
    const every = Number(main.dataset.poll) || POLL_MS;
    const version = main.dataset.version;
    let timer = null;
    let asking = false;

    function reload() { location.replace(main.dataset.page); }  // a GET, even after a form's answer
    function later(ms) {
      if (timer === null) timer = setTimeout(function () { timer = null; ask(); }, ms);
    }
    function ask() {
      if (document.hidden) return;  // asked again when the page is seen
      asking = true;
      getJSON(main.dataset.now).then(function (data) {
        asking = false;
        if (String(data.version) !== version || data.ended) reload();
        else later(every);
      }, function (status) {
        asking = false;
        if (status === 404) reload();  // the class is gone: its page says so
        else later(status === 429 ? every * 30 : every * 3);  // too many tries, or no network: wait
      });
    }
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && !asking) {
        if (timer !== null) { clearTimeout(timer); timer = null; }
        ask();
      }
    });
    later(every);
  }

  // ----- the teacher's and the tally's pages: loaded again when the class changes ----------------
  // (without JavaScript they refresh themselves every few seconds; a page that reloads on a timer
  // would disturb a screen reader, so with it they wait for a change)
  function watch(main) {
    let seen = null;
    function signature(data) {
      return [data.version, data.joined, data.answered, data.revealed, data.ended].join("/");
    }
    function ask() {
      if (document.hidden) { setTimeout(ask, POLL_MS * 2); return; }
      getJSON(main.dataset.watch).then(function (data) {
        const now = signature(data);
        if (seen !== null && now !== seen) { location.replace(location.pathname); return; }
        seen = now;
        setTimeout(ask, POLL_MS * 2);
      }, function (status) {
        if (status === 404) location.replace(location.pathname);
        else setTimeout(ask, POLL_MS * 10);
      });
    }
    ask();
  }

  // ----- the tally, written into a list (the notes window; numbers answered on the slides) --------
  function fillRows(list, data, classes) {
    list.replaceChildren();
    data.rows.forEach(function (row) {
      const item = document.createElement("li");
      if (row.right) item.classList.add(classes.right);
      const label = document.createElement("span");
      label.className = "class-row-label";
      label.textContent = (row.right ? "✓ " : "") + row.label;
      if (row.right) {
        const hidden = document.createElement("span");
        hidden.className = "visually-hidden";
        hidden.textContent = " (" + data.right_text + ")";
        label.append(hidden);
      }
      item.append(label, count(row, data));
      list.append(item);
    });
  }

  function count(row, data) {
    const span = document.createElement("span");
    span.className = "class-row-count";
    span.textContent = String(row.count) + (row.share ? " · " + row.share : "");
    const bar = document.createElement("span");
    bar.className = "class-bar";
    bar.style.width = (data.answered ? (100 * row.count / data.answered) : 0) + "%";
    const wrap = document.createDocumentFragment();
    wrap.append(span, bar);
    return wrap;
  }

  function statusText(data) {
    return data.title + " · " + data.joined_text + (data.question && data.answered_text ? " · " + data.answered_text : "");
  }

  // ----- the slides: lead the class, show its counts ------------------------------------------
  function lead(panel, deck) {
    const slides = Array.from(deck.querySelectorAll(".slide"));
    const code = panel.dataset.code;
    const join = panel.querySelector(".class-join");
    const joined = panel.querySelector(".class-joined");
    const joinLink = document.querySelector(".controls .class-join-link");
    const channel = channelFor(deck.dataset.channel);
    let leading = true;
    let sent = "";
    let sending = false;
    let polling = false;
    let timer = null;
    let last = null;

    // the slides' addresses keep the class (a reload, a bookmark, the previous / next links)
    function withClass(url) {
      const address = new URL(url, location.href);
      address.searchParams.set("class", code);
      address.searchParams.delete("join");
      return address.pathname + address.search;
    }
    slides.forEach(function (slide) { slide.dataset.url = withClass(slide.dataset.url); });
    slides.filter(function (slide) { return slide.classList.contains("is-question"); }).forEach(function (slide) {
      const line = document.createElement("p");
      line.className = "class-answered";
      line.setAttribute("aria-live", "polite");
      const answer = slide.querySelector(".slide-text details.answer");
      if (answer) answer.before(line); else slide.querySelector(".slide-text").append(line);
    });
    document.querySelectorAll(".controls .prev[href], .controls .next[href]").forEach(function (link) {
      link.setAttribute("href", withClass(link.getAttribute("href")));
    });
    history.replaceState(history.state, "", withClass(location.href));

    function current() {
      const number = Number(deck.dataset.current) || 1;
      const slide = slides[number - 1];
      const answer = slide.querySelector("details.answer");
      return { number: number, slide: slide, shown: slide.classList.contains("is-question") && Boolean(answer && answer.open) };
    }

    function send() {
      if (!leading || sending) return;
      const now = current();
      const key = deck.dataset.section + "/" + now.number + "/" + (now.shown ? 1 : 0);
      if (key === sent) return;
      sending = true;
      const body = new URLSearchParams({ lesson: panel.dataset.deck + "/" + deck.dataset.section, slide: String(now.number),
                                         shown: now.shown ? "1" : "0", js: "1" });
      fetch(panel.dataset.lead, { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
        sending = false;
        if (response.status === 403 || response.status === 404 || response.status === 409) {
          leading = false;  // another browser leads this class, or it has ended: only show its counts
          return;
        }
        if (response.ok) sent = key;
        send();  // the slide moved again while this was on its way
        pollSoon();
      }, function () {
        sending = false;
        setTimeout(send, 2000);
      });
    }

    function show(data) {
      last = data;
      const now = current();
      const here = data.section === deck.dataset.section && data.slide === now.number;
      let refit = false;
      slides.forEach(function (slide) {  // how many have answered, under the question on the screen
        const line = slide.querySelector(".class-answered");
        if (!line) return;
        const text = slide === now.slide && here && data.question ? code + " · " + data.answered_text : "";
        if (Boolean(text) !== Boolean(line.textContent)) refit = true;
        line.textContent = text;
      });
      if (refit) window.dispatchEvent(new Event("resize"));  // present.js fits the slide's text again
      if (joined) joined.textContent = data.joined_text;
      if (here && data.revealed) showAnswers(now.slide, data);
      if (channel) channel.postMessage({ type: "class", section: deck.dataset.section, number: data.slide, data: data });
    }

    // on the slide whose answer is shown: how many gave each choice, or each number given
    function showAnswers(slide, data) {
      const text = slide.querySelector(".slide-text");
      let choices = Array.from(slide.querySelectorAll("ul.choices:not(.class-numbers) > li"));
      if (!choices.length) {
        let list = slide.querySelector("ul.class-numbers");
        if (!list) {
          list = document.createElement("ul");
          list.className = "choices class-numbers";
          const say = text.querySelector(".say");
          if (say) say.after(list); else text.prepend(list);
        }
        list.replaceChildren();
        data.rows.forEach(function (row) {
          const item = document.createElement("li");
          if (row.right) item.classList.add("correct");
          item.textContent = row.label;
          item.append(count(row, data));
          list.append(item);
        });
      } else {
        choices.forEach(function (item, i) {
          const row = data.rows[i];
          item.querySelectorAll(".class-row-count, .class-bar").forEach(function (old) { old.remove(); });
          if (row) item.append(count(row, data));
        });
      }
      window.dispatchEvent(new Event("resize"));  // present.js fits the slide's text again
    }

    function poll() {
      timer = null;
      if (polling) return;
      polling = true;
      getJSON(panel.dataset.tally).then(function (data) {
        polling = false;
        show(data);
        later(POLL_MS);
      }, function () {
        polling = false;
        later(POLL_MS * 3);
      });
    }
    function later(ms) { if (timer === null) timer = setTimeout(poll, ms); }
    function pollSoon() {
      if (timer !== null) { clearTimeout(timer); timer = null; }
      poll();
    }

    function toggleJoin(on) {
      join.hidden = on === undefined ? !join.hidden : !on;
      if (joinLink) joinLink.setAttribute("aria-expanded", String(!join.hidden));
    }

    deck.addEventListener("slidechange", send);
    deck.addEventListener("toggle", send, true);  // A opens or closes a slide's answer
    window.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
      if (event.key === "j" || event.key === "J") {
        toggleJoin();
        event.preventDefault();
      } else if ((event.key === "Escape" || event.key === "Esc") && !join.hidden) {
        toggleJoin(false);  // before present.js leaves the slides
        event.preventDefault();
        event.stopPropagation();
      }
    }, true);
    if (joinLink) {
      joinLink.addEventListener("click", function (event) { event.preventDefault(); toggleJoin(); });
    }
    const hide = join.querySelector(".class-hide a");
    if (hide) hide.addEventListener("click", function (event) { event.preventDefault(); toggleJoin(false); });
    if (channel) {
      channel.addEventListener("message", function (event) {
        const data = event.data || {};
        if (data.type === "hello" && last) {  // a notes window opened: tell it the class too
          channel.postMessage({ type: "class", section: deck.dataset.section, number: last.slide, data: last });
        }
      });
    }
    send();
    poll();
  }

  // ----- the speaker notes window: what the slides hear of the class ---------------------------
  function notes(main, box) {
    const channel = channelFor(main.dataset.channel);
    if (!channel) return;
    const line = box.querySelector(".class-status");
    const rows = box.querySelector(".class-rows");
    channel.addEventListener("message", function (event) {
      const message = event.data || {};
      if (message.type !== "class" || message.section !== main.dataset.section) return;
      const data = message.data;
      box.hidden = false;
      line.textContent = statusText(data);
      if (data.revealed) fillRows(rows, data, { right: "right" });
      else rows.replaceChildren();
    });
  }

  // ----- a deck with no class yet: the start button starts it on the slide shown ------------------
  function keepStartSlide(deck, form) {
    deck.addEventListener("slidechange", function (event) { form.elements.slide.value = String(event.detail.number); });
  }

  const student = document.querySelector("main.class-student");
  if (student) follow(student);
  const watched = document.querySelector("main[data-watch]");
  if (watched) watch(watched);
  const deck = document.querySelector("main.deck");
  const panel = document.querySelector(".class-panel");
  if (deck && panel) lead(panel, deck);
  const start = document.querySelector("form.class-start");
  if (deck && start) keepStartSlide(deck, start);
  const notesMain = document.querySelector("main.notes");
  const box = document.querySelector(".class-notes");
  if (notesMain && box) notes(notesMain, box);
})();
