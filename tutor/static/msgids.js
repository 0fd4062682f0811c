// The msgids view (?msgids=1) for translators: a link from the status page ends in #msgid=<the
// msgid>; mark that text on the page and bring it into view. The msgid is shown as ⟦msgid⟧ with
// its placeholders filled in, so the match is on the text around the placeholders.
"use strict";
(function () {
  const PREFIX = "#msgid=";
  if (!location.hash.startsWith(PREFIX)) return;
  let msgid;
  try { msgid = decodeURIComponent(location.hash.slice(PREFIX.length)); } catch (e) { return; }
  // The picture of where this text shows in English (make context-shots), if one was taken: its
  // name is the first 16 hex digits of the msgid's SHA-1 (tutor/tools/context_shots.py, shot_name).
  function showShot(text, mark) {
    if (!(window.crypto && crypto.subtle)) return;
    crypto.subtle.digest("SHA-1", new TextEncoder().encode(text)).then(function (digest) {
      const hex = Array.from(new Uint8Array(digest)).map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
      const picture = new Image();
      picture.className = "context-shot";
      picture.alt = "";
      picture.style.cssText = "display:block;max-width:min(100%,32rem);margin:.4rem 0;border:2px solid #b35900;background:#fff";
      picture.addEventListener("load", function () { mark.insertAdjacentElement("afterend", picture); });
      picture.src = "/translators/shots/" + hex + ".png";  // absent: nothing is shown
    });
  }
  const squash = (text) => text.replace(/\s+/g, " ").trim();
  const pieces = msgid.split(/%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]/).map(squash).filter(Boolean);
  if (!pieces.length) return;
  const holds = (text) => {
    text = squash(text || "");
    const open = text.indexOf("⟦");
    return open >= 0 && pieces.every((piece) => text.indexOf(piece, open) >= 0);
  };
  // A text in a part of the page shown only when used (a speaker note of another slide, an answer
  // behind its button, a closed <details>): show that part, so the mark can be seen.
  function bringOut(element) {
    for (let e = element; e && e !== document.body; e = e.parentElement) {
      if (e.hidden) e.hidden = false;
      if (e.tagName === "DETAILS") e.open = true;
    }
  }
  // A text on another slide of a deck, or in another slide's speaker notes: open that slide's own
  // address (it shows that slide), where the mark is seen.
  function onAnotherSlide(element) {
    const slide = element.closest(".slide[data-url], .notes-slide[data-url]");
    if (!slide || !slide.hidden) return false;
    const url = new URL(slide.dataset.url, location.href);
    url.searchParams.set("msgids", "1");
    if (url.pathname + url.search === location.pathname + location.search) return false;
    location.replace(url.pathname + url.search + location.hash);
    return true;
  }
  function markElement(element) {
    if (onAnotherSlide(element)) return;
    bringOut(element);
    element.id = element.id || "msgid-target";
    element.classList.add("msgid-target");
    element.style.outline = "3px solid #b35900";
    element.style.outlineOffset = "3px";
    if (element.tabIndex < 0) element.tabIndex = -1;
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
    showShot(msgid, element);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!holds(node.nodeValue)) continue;
    const parent = node.parentElement;
    if (parent && onAnotherSlide(parent)) return;
    if (parent && parent.closest("svg")) {  // a picture's label, title or description: the picture itself
      markElement(parent.closest("figure") || parent.closest("svg"));
      return;
    }
    const mark = document.createElement("mark");
    mark.id = "msgid-target";
    mark.className = "msgid-target";
    mark.tabIndex = -1;
    mark.style.outline = "3px solid #b35900";
    node.parentNode.replaceChild(mark, node);
    mark.appendChild(node);
    bringOut(mark);
    mark.scrollIntoView({ block: "center" });
    mark.focus({ preventScroll: true });
    showShot(msgid, mark);
    return;
  }
  // a text said to screen readers or shown on use (aria-label, title, alt, a button's other word):
  // the element that carries it
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      if (holds(attribute.value)) {
        markElement(element);
        return;
      }
    }
  }
})();
