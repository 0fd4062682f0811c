// The msgids view (?msgids=1) for translators: a link from the status page ends in #msgid=<the
// msgid>; mark that text on the page and bring it into view. The msgid is shown as ⟦msgid⟧ with
// its placeholders filled in, so the match is on the text around the placeholders.
"use strict";
(function () {
  const PREFIX = "#msgid=";
  if (!location.hash.startsWith(PREFIX)) return;
  let msgid;
  try { msgid = decodeURIComponent(location.hash.slice(PREFIX.length)); } catch (e) { return; }
  const squash = (text) => text.replace(/\s+/g, " ").trim();
  const pieces = msgid.split(/%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]/).map(squash).filter(Boolean);
  if (!pieces.length) return;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = squash(node.nodeValue);
    const open = text.indexOf("⟦");
    if (open < 0 || !pieces.every((piece) => text.indexOf(piece, open) >= 0)) continue;
    const mark = document.createElement("mark");
    mark.id = "msgid-target";
    mark.className = "msgid-target";
    mark.tabIndex = -1;
    mark.style.outline = "3px solid #b35900";
    node.parentNode.replaceChild(mark, node);
    mark.appendChild(node);
    mark.scrollIntoView({ block: "center" });
    mark.focus({ preventScroll: true });
    return;
  }
})();
