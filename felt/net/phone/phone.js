// Felt Club in a phone's browser: the table is drawn by the host and streamed here.
// One canvas at the phone's physical pixels, one WebSocket; taps, drags, keys and the text
// of a real <input> (placed over the game's focused text field) go back. Beside the canvas a
// visually hidden layer of HTML (headings, buttons, a live region) says the same for a screen
// reader, made from the renderer's words (felt/ui/a11y.py); its buttons send "act". No libraries.
"use strict";
(() => {
  const canvas = document.getElementById("table");
  const ctx = canvas.getContext("2d", { alpha: false });
  const sharp = document.createElement("canvas");     // the picture without half-size regions
  const sctx = sharp.getContext("2d", { alpha: false });
  const field = document.getElementById("field");
  const note = document.getElementById("note");
  const noteTitle = document.getElementById("note-title");
  const noteText = document.getElementById("note-text");
  const noteRetry = document.getElementById("note-retry");

  const SOUNDS = ["turn", "play", "pass", "clear", "deal", "out", "error"];
  const KEYS = new Set(["Enter", "Escape", "Backspace", "Tab", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp",
    "ArrowDown", "Home", "End", "PageUp", "PageDown", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9",
    "F10", "F11", "F12"]);
  const TEXTS = {
    de: {
      connecting: ["Felt Club", "Verbinde mit dem Tisch …"],
      full: ["Der Tisch ist voll", "Alle Plätze und Zuschauerplätze sind belegt. Versuch es später noch einmal."],
      replaced: ["In einem anderen Tab offen", "Dieser Tisch ist jetzt in einem anderen Tab oder Fenster offen."],
      closed: ["Der Tisch ist zu", "Der Gastgeber hat den Tisch geschlossen."],
      ended: ["Sitzung beendet", "Die Verbindung zum Tisch ist beendet."],
      lost: ["Keine Verbindung", "Der Tisch ist gerade nicht erreichbar. Es geht weiter, sobald er wieder da ist."],
      bad: ["Fehler", "Die Verbindung wurde getrennt: "],
      origin: ["Der Tisch kennt diese Adresse nicht",
        "Die Seite ist über {url} geöffnet, aber der Tisch nimmt dort keine Verbindung an. Der Gastgeber startet ihn mit: felt host --public-url {url}"],
      upgrade: ["Der Proxy lässt das Spiel nicht durch",
        "Zwischen diesem Gerät und dem Tisch steht ein Proxy, der keine WebSocket-Verbindungen weiterleitet (HTTP/1.1 mit Upgrade). Der Gastgeber muss ihn dafür einrichten (README: Tunnel und Proxy)."],
      retry: "Nochmal versuchen", here: "Hier weiterspielen",
    },
    en: {
      connecting: ["Felt Club", "Connecting to the table …"],
      full: ["The table is full", "All seats and spectator places are taken. Try again later."],
      replaced: ["Open in another tab", "This table is now open in another tab or window."],
      closed: ["The table is closed", "The host closed the table."],
      ended: ["Session ended", "The connection to the table has ended."],
      lost: ["No connection", "The table cannot be reached right now. Play goes on as soon as it is back."],
      bad: ["Error", "The connection was closed: "],
      origin: ["The table does not know this address",
        "This page was opened at {url}, but the table takes no connections there. The host starts it with: felt host --public-url {url}"],
      upgrade: ["The proxy does not let the game through",
        "A proxy between this device and the table does not pass WebSocket connections on (HTTP/1.1 with Upgrade). The host has to set it up for that (README: tunnels and proxies)."],
      retry: "Try again", here: "Play here",
    },
  };
  const store = {
    get(k) { try { return localStorage.getItem(k); } catch (e) { return null; } },
    set(k, v) { try { if (v === null || v === undefined) localStorage.removeItem(k); else localStorage.setItem(k, v); } catch (e) { /* private mode */ } },
  };
  const langOf = (tag) => (String(tag || "").toLowerCase().startsWith("de") || !tag ? "de" : "en");
  let lang = langOf(store.get("felt.lang") || navigator.language);
  const tr = (key) => (TEXTS[lang] || TEXTS.de)[key];

  let ws = null;
  // this page's own probe: its WebSocket requests carry it, and /check answers for it alone
  const probe = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  let retryDelay = 250;
  let retryTimer = null;
  let stopped = false;                 // full, replaced or closed: no automatic reconnect
  let cssW = 0, cssH = 0, dpr = 1;
  let fields = [];                     // the scene's text fields (CSS px), from the renderer
  let editing = null;                  // the field the <input> stands for
  let lastTyped = 0;
  let chain = Promise.resolve();       // frames are drawn in order
  let kept = [];                       // regions the renderer asked the page to keep, by slot
  let pendingMove = null;
  let downField = null;
  let stateWaiters = [];
  const stats = { frames: 0, bytes: 0, lastFrame: 0, lastFrameAt: 0, keyframes: 0, session: null, connects: 0 };

  // ------------------------------------------------------------------ notes
  function showNote(key, extra, button, url) {
    const [title, text] = tr(key);
    noteTitle.textContent = title;
    noteText.textContent = text.split("{url}").join(url || "") + (extra || "");
    noteRetry.hidden = !button;
    noteRetry.textContent = button || "";
    note.hidden = false;
    // a screen reader hears the note, not the table behind it: the layer (the last table it
    // showed) is hidden from it while the note stands, and the focus goes into the note
    document.getElementById("ax").setAttribute("aria-hidden", "true");
    (button ? noteRetry : document.getElementById("note-box")).focus();
  }
  function hideNote() {
    note.hidden = true;
    document.getElementById("ax").removeAttribute("aria-hidden");
  }
  noteRetry.addEventListener("click", () => { stopped = false; hideNote(); connect(); });

  // ------------------------------------------------------------------ socket
  function send(obj) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj));
  }
  function measure() {
    cssW = Math.max(200, Math.round(window.innerWidth));
    cssH = Math.max(200, Math.round(window.innerHeight));
    dpr = window.devicePixelRatio || 1;
    canvas.style.width = cssW + "px";
    canvas.style.height = cssH + "px";
  }
  function connect() {
    if (ws || stopped) return;
    clearTimeout(retryTimer);
    measure();
    // relative to the page: a page under a path prefix (a reverse proxy's /felt/) has its
    // WebSocket there too
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.search = "?c=" + probe; url.hash = "";
    const sock = new WebSocket(url.href);
    sock.binaryType = "arraybuffer";
    ws = sock;
    let opened = false;
    if (!stats.frames && !whyShown) showNote("connecting");
    sock.onopen = () => {
      opened = true;
      failedOpens = 0;
      whyShown = false;
      stats.connects += 1;
      retryDelay = 250;
      send({ t: "hello", session: store.get("felt.session"), w: cssW, h: cssH, dpr,
        lang: store.get("felt.lang") || navigator.language || "", name: store.get("felt.name") || "",
        look: store.get("felt.look") || "", verb,
        // a laptop's browser (a fine pointer that hovers) has a keyboard: its table names the keys
        kb: !!(window.matchMedia && window.matchMedia("(hover: hover) and (pointer: fine)").matches) });
    };
    sock.onmessage = (e) => {
      if (typeof e.data === "string") onNotice(JSON.parse(e.data));
      else onFrame(e.data);
    };
    sock.onclose = (e) => {
      if (ws === sock) ws = null;
      if (!opened) {
        failedOpens += 1;
        if (failedOpens === 2 || failedOpens % 8 === 0) diagnose();
      }
      if (e.code === 1013) { stopped = true; return; }                       // full: its note is shown
      if (e.code === 4001) { stopped = true; showNote("replaced", "", tr("here")); return; }
      if (e.code === 4002 && e.reason === "the table closed") { stopped = true; showNote("closed", "", tr("retry")); return; }
      if (e.code === 1008) { stopped = true; showNote("bad", e.reason || "", tr("retry")); return; }
      if (stats.frames && e.code !== 4002 && !whyShown) showNote("lost");
      if (document.visibilityState === "visible") {
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(4000, retryDelay * 2);
      }
    };
  }

  // the WebSocket does not open (a browser tells the page no reason): ask the table's page
  // why, over plain HTTP (behind a proxy: an address the table does not know, no Upgrade)
  let failedOpens = 0;
  let whyShown = false;
  function diagnose() {
    const url = new URL("check", location.href);
    url.search = "?origin=" + encodeURIComponent(location.origin) + "&c=" + probe;
    fetch(url.href, { cache: "no-store" }).then((r) => (r.ok ? r.json() : null)).then((d) => {
      if (!d || d.ok || ws && ws.readyState === 1) return;
      whyShown = true;
      stats.why = d.why;
      if (d.why === "upgrade") showNote("upgrade");
      else if (d.why === "origin" || d.why === "host") showNote("origin", "", null, d.url || location.origin + "/");
    }).catch(() => { /* the table is not there at all: the usual note */ });
  }

  function onNotice(m) {
    switch (m.t) {
      case "session": store.set("felt.session", m.token); stats.session = m.token; break;
      case "size": fitCanvas(m.w, m.h); break;
      case "fields": fields = m.fields || []; syncField(); break;
      case "sound": if (!(reader && CUE_DOUBLES.has(m.name))) playSound(m.name); break;
      case "turn": if (navigator.vibrate) { try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed */ } } break;
      case "lang": lang = langOf(m.lang); store.set("felt.lang", m.lang); document.documentElement.lang = lang; break;
      case "name": store.set("felt.name", m.name || null); break;
      case "look": store.set("felt.look", m.look || null); break;    // card style, kept for the next visit
      case "title": document.title = m.text && m.text !== "Felt Club" ? m.text + " · Felt Club" : "Felt Club"; break;
      case "full": stopped = true; lang = langOf(m.lang || lang); showNote("full", "", tr("retry")); break;
      case "state": { const w = stateWaiters; stateWaiters = []; w.forEach((f) => f(m)); break; }
      case "a11y": showLayer(m); break;
      default: break;
    }
  }

  // ------------------------------------------------------------------ frames
  function fitCanvas(w, h) {
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    if (sharp.width !== w || sharp.height !== h) { sharp.width = w; sharp.height = h; }
  }
  function decodeRegion(buf, off, len, w, h, enc) {
    const bytes = new Uint8Array(buf, off, len);
    if (enc === 3) {                 // deflate of RGB pixels
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
      return new Response(stream).arrayBuffer().then((ab) => {
        const rgb = new Uint8Array(ab), rgba = new Uint8ClampedArray(w * h * 4);
        for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
          rgba[j] = rgb[i]; rgba[j + 1] = rgb[i + 1]; rgba[j + 2] = rgb[i + 2]; rgba[j + 3] = 255;
        }
        return new ImageData(rgba, w, h);
      });
    }
    return createImageBitmap(new Blob([bytes], { type: enc === 2 ? "image/png" : "image/jpeg" }));
  }
  function onFrame(buf) {
    const dv = new DataView(buf);
    if (dv.getUint8(0) !== 70 || dv.getUint8(1) !== 1) return;
    const key = (dv.getUint8(2) & 1) === 1;
    const id = dv.getUint32(4, true), fw = dv.getUint16(8, true), fh = dv.getUint16(10, true), n = dv.getUint16(12, true);
    let off = 18;                      // after: 'F' 1 flags 0, id, width, height, regions, made (ms)
    const regions = [];
    for (let i = 0; i < n; i++) {
      const x = dv.getUint16(off, true), y = dv.getUint16(off + 2, true), w = dv.getUint16(off + 4, true),
        h = dv.getUint16(off + 6, true), enc = dv.getUint8(off + 8), slot = dv.getUint8(off + 9),
        len = dv.getUint32(off + 10, true);
      off += 14;
      // 4: a region kept earlier (slot), 6: from the sharp copy; else decode (and keep it in
      // slot - 1 when asked)
      regions.push({ x, y, w, h, enc, slot, img: enc === 4 || enc === 6 ? null : decodeRegion(buf, off, len, w, h, enc) });
      off += len;
    }
    const all = Promise.all(regions.map((r) => r.img));
    chain = chain.then(() => all).then((imgs) => {
      fitCanvas(fw, fh);
      if (key) kept = [];
      imgs.forEach((decoded, i) => {
        const r = regions[i];
        if (r.enc === 6) { ctx.drawImage(sharp, r.x, r.y, r.w, r.h, r.x, r.y, r.w, r.h); return; }
        const img = r.enc === 4 ? kept[r.slot] : decoded;
        if (!img) return;
        if (r.enc !== 4 && r.slot) {
          const old = kept[r.slot - 1];
          if (old && old.close) old.close();
          kept[r.slot - 1] = img;
        }
        if (r.enc === 5) { ctx.drawImage(img, r.x, r.y, r.w, r.h); img.close(); return; }   // half size
        for (const c of [ctx, sctx]) {
          if (img instanceof ImageData) c.putImageData(img, r.x, r.y);
          else c.drawImage(img, r.x, r.y);
        }
        if (r.enc !== 4 && !r.slot && img.close) img.close();
      });
      stats.frames += 1; stats.bytes += buf.byteLength; stats.lastFrame = id; stats.lastFrameAt = performance.now();
      if (key) stats.keyframes += 1;
      // a frame still being decoded when the socket closed must not take its note away again
      // (seen under load: "the table is closed" gone at once, the stale table shown)
      if (ws && ws.readyState === 1 && !stopped) hideNote();
      send({ t: "ack", f: id });
    }).catch((err) => { console.error("frame", err); send({ t: "ack", f: id }); });
  }

  // ------------------------------------------------------------------ pointer
  function point(e) {
    const r = canvas.getBoundingClientRect();
    return [(e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height];
  }
  function pointerMsg(kind, e) {
    const [x, y] = point(e);
    return { t: "p", e: kind, x, y, id: e.pointerId % 64, m: e.pointerType === "mouse" ? "mouse" : "touch",
      b: e.buttons & 31 };
  }
  function flushMove() {
    if (pendingMove) { send(pendingMove); pendingMove = null; }
  }
  function fieldAt(e) {
    const r = canvas.getBoundingClientRect();
    const x = e.clientX - r.left, y = e.clientY - r.top;
    return fields.find((f) => x >= f.x && x < f.x + f.w && y >= f.y && y < f.y + f.h) || null;
  }
  function down(e) {
    e.preventDefault();
    sizeFirst();
    try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* released already */ }
    unlockAudio();
    keepAwake();
    flushMove();
    downField = fieldAt(e);
    if (downField && e.pointerType === "mouse") openField(downField);   // a click may focus at once
    send(pointerMsg("down", e));
  }
  canvas.addEventListener("pointerdown", down);
  // a touch where the canvas does not reach yet (the page just grew, before its resize event):
  // the page takes its new size and the touch is the canvas's after all
  document.addEventListener("pointerdown", (e) => {
    if (e.target !== document.body && e.target !== document.documentElement) return;
    sizeFirst();
    const r = canvas.getBoundingClientRect();
    if (e.clientX >= r.left && e.clientX < r.right && e.clientY >= r.top && e.clientY < r.bottom) down(e);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse" && !e.buttons) return;
    const first = !pendingMove;
    pendingMove = pointerMsg("move", e);
    if (first) requestAnimationFrame(flushMove);
  });
  const release = (kind) => (e) => {
    flushMove();
    send(pointerMsg(kind, e));
    // a tap on a text field opens the phone's keyboard: focus() inside the tap's own handler
    if (kind === "up" && downField && fieldAt(e) === downField && e.pointerType !== "mouse") openField(downField);
    downField = null;
  };
  canvas.addEventListener("pointerup", release("up"));
  canvas.addEventListener("pointercancel", release("cancel"));
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());   // a long press is the game's
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = point(e);
    const steps = Math.max(1, Math.round(Math.abs(e.deltaY) / 60));
    if (e.deltaY) send({ t: "wheel", dy: Math.sign(e.deltaY) * steps, x, y });
  }, { passive: false });

  // ------------------------------------------------------------------ screen readers
  // the renderer's words as HTML: elements are kept and updated in place (by id), so a
  // reader's focus stays on its button while the table changes around it
  const ax = (id) => document.getElementById(id);
  const axRoot = ax("ax"), axLive = ax("ax-live");
  const VERBS = ["short", "normal", "long"];
  const GAP_MS = 200;                  // between two events in the live region: a burst is dropped by readers
  let axNews = null;                   // the announcement last said (null: none seen yet)
  let axFieldCount = 0;                // text fields in the layer
  let axQueue = [];                    // [text, cue] still to be said, one at a time
  let axTimer = null;
  let axLastSaid = -1e9;
  // the layer is in use (a reader's focus was in it once): its event sounds play, and the
  // table's own sounds for the same events do not play twice
  let reader = store.get("felt.reader") === "1";
  let verb = VERBS.includes(store.get("felt.verb")) ? store.get("felt.verb") : "normal";
  stats.said = [];                     // what the live region got: {text, cue, at (ms)}
  // the layer's text fields, unless the input over the canvas is open (a finger tapped the
  // table's field): then that input, labelled alike, is the one text box a reader finds
  function axFieldsShown() {
    const box = ax("ax-s-fields");
    if (box) box.hidden = !axFieldCount || !field.hidden;
  }
  // the live region gets one event at a time, GAP_MS apart (first: a quick question's answer,
  // before what waits)
  function sayNext() {
    axTimer = null;
    const item = axQueue.shift();
    if (!item) return;
    const p = document.createElement("p");
    p.textContent = item[0];
    axLive.appendChild(p);
    while (axLive.children.length > 20) axLive.firstChild.remove();
    axLastSaid = performance.now();
    stats.said.push({ text: item[0], cue: item[1] || "", at: axLastSaid });
    if (stats.said.length > 400) stats.said.shift();
    if (item[1] && reader) playCue(item[1]);
    if (axQueue.length) axTimer = setTimeout(sayNext, GAP_MS);
  }
  function say(items, first) {
    axQueue = first ? items.concat(axQueue) : axQueue.concat(items);
    if (axQueue.length > 30) axQueue = axQueue.slice(-30);     // far behind: the newest
    if (axTimer === null) axTimer = setTimeout(sayNext, Math.max(0, GAP_MS - (performance.now() - axLastSaid)));
  }
  // a group's buttons are one stop for Tab (the one last focused); arrow keys, Home and End
  // move within it
  function rove(box, el) {
    Array.from(box.children).forEach((x) => { x.tabIndex = x === el ? 0 : -1; });
  }
  // the box's children kept in the order of items, one per item id: made once (make), brought
  // up to date each time (update), gone with their item; a reader's focus stays on its node,
  // and when its node goes (a card played) it moves to the neighbour
  function axKeyed(box, items, make, update) {
    const old = new Map();           // id -> its nodes (two items of one id keep two nodes)
    Array.from(box.children).forEach((el) => {
      if (!old.has(el.dataset.id)) old.set(el.dataset.id, []);
      old.get(el.dataset.id).push(el);
    });
    const active = document.activeElement;
    const lostAt = active && active.parentElement === box ? Array.from(box.children).indexOf(active) : -1;
    items.forEach((it, i) => {
      let el = (old.get(it.id) || []).shift();
      if (!el) { el = make(); el.dataset.id = it.id; }
      update(el, it);
      if (box.children[i] !== el) box.insertBefore(el, box.children[i] || null);
    });
    old.forEach((els) => els.forEach((el) => el.remove()));   // every node whose item is gone
    if (box.getAttribute("role") === "group") {
      const kids = Array.from(box.children);
      let cur = kids.find((x) => x.tabIndex === 0);
      if (lostAt >= 0 && !box.contains(document.activeElement)) {
        cur = kids[Math.min(lostAt, kids.length - 1)];
        if (cur) cur.focus();
        else { const h = ax("ax-status"); h.tabIndex = -1; h.focus(); }
      }
      if (cur || kids.length) rove(box, cur || kids[0]);
    }
  }
  function axButton(onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.addEventListener("click", () => { reader = true; store.set("felt.reader", "1"); unlockAudio(); onClick(b); });
    b.addEventListener("focus", () => rove(b.parentElement, b));
    return b;
  }
  function axButtons(box, items) {
    axKeyed(box, items, () => axButton((b) => {
      if (b.getAttribute("aria-disabled") !== "true") send({ t: "act", id: b.dataset.id });
    }), (b, it) => {
      if (b.textContent !== it.name) b.textContent = it.name;
      if ("on" in it) b.setAttribute("aria-pressed", it.on ? "true" : "false");
      else b.removeAttribute("aria-pressed");
      if (it.off) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    });
  }
  // the quick questions: answered at once, from the words that came with them
  function axQuick(box, items) {
    axKeyed(box, items, () => axButton((b) => say([[b.dataset.say || "", ""]], true)), (b, it) => {
      if (b.textContent !== it.name) b.textContent = it.name;
      b.dataset.say = it.say || "";
      b.setAttribute("aria-keyshortcuts", String(items.indexOf(it) + 1));
    });
  }
  // the verbosity: kept by the page (like its name), told to the table
  function axVerbs(box, names) {
    axKeyed(box, VERBS.map((v) => ({ id: v, name: names[v] || v })), () => axButton((b) => {
      verb = b.dataset.id;
      store.set("felt.verb", verb);
      send({ t: "act", id: "verb:" + verb });
      Array.from(box.children).forEach((x) => x.setAttribute("aria-pressed", x.dataset.id === verb ? "true" : "false"));
    }), (b, it) => {
      if (b.textContent !== it.name) b.textContent = it.name;
      b.setAttribute("aria-pressed", it.id === verb ? "true" : "false");
    });
  }
  function axLines(box, lines) {
    lines.forEach((text, i) => {
      let li = box.children[i];
      if (!li) { li = document.createElement("li"); box.appendChild(li); }
      if (li.textContent !== text) li.textContent = text;
    });
    while (box.children.length > lines.length) box.lastChild.remove();
  }
  function axFields(box, items) {
    axKeyed(box, items, () => {
      const inp = document.createElement("input");
      inp.type = "text";
      inp.autocomplete = "off";
      // the text goes to the table when it is done (Enter, or the focus moves on)
      inp.addEventListener("change", () => send({ t: "act", id: inp.dataset.id, value: inp.value }));
      return inp;
    }, (inp, it) => {
      inp.setAttribute("aria-label", it.name);
      inp.maxLength = it.max || 400;
      if (document.activeElement !== inp && inp.value !== (it.value || "")) inp.value = it.value || "";
    });
  }
  function showLayer(m) {
    axFields(ax("ax-fields"), Array.isArray(m.fields) ? m.fields : []);
    axFieldCount = (m.fields || []).length;
    axFieldsShown();
    const h = m.h || {};
    [["hand", "hand"], ["table", "table"], ["moves", "moves"], ["acts", "actions"], ["quick", "quick"],
      ["info", "info"], ["log", "log"]].forEach(([k, head]) => {
      const items = Array.isArray(m[k]) ? m[k] : [];
      ax("ax-h-" + head).textContent = h[head] || "";
      if (k === "info" || k === "log") axLines(ax("ax-" + k), items.map(String));
      else if (k === "quick") axQuick(ax("ax-quick"), items);
      else axButtons(ax("ax-" + k), items);
      ax("ax-s-" + k).hidden = !items.length;
    });
    if (VERBS.includes(m.verb) && m.verb !== verb && !store.get("felt.verb")) verb = m.verb;
    ax("ax-h-verb").textContent = h.verb || "";
    axVerbs(ax("ax-verb"), m.verbs || {});
    ax("ax-s-verb").hidden = !m.verbs;
    const status = m.status || document.title;
    if (ax("ax-status").textContent !== status) ax("ax-status").textContent = status;
    axLive.setAttribute("aria-label", h.news || "");
    const news = m.news || { n: 0, say: [] };
    if (axNews !== null && news.n !== axNews) {
      const cues = news.cues || [];
      say((news.say || []).map((text, i) => [text, cues[i] || ""]));
    }
    axNews = news.n;
    stats.a11y = m;
    if (!axFocus.hidden) showFocus();
  }
  // the focus in the layer, shown on screen (the layer is not): its group and its name
  const axFocus = ax("ax-focus");
  function showFocus() {
    const el = document.activeElement;
    if (!el || !axRoot.contains(el) || el === ax("ax-status")) { axFocus.hidden = true; return; }
    const sec = el.closest("section");
    const head = sec ? sec.querySelector("h2") : null;
    const name = el.getAttribute("aria-label") || el.textContent || "";
    const state = el.getAttribute("aria-pressed") === "true" ? " ✓" : el.getAttribute("aria-disabled") === "true" ? " ✗" : "";
    axFocus.textContent = (head && head.textContent ? head.textContent + ": " : "") + name + state;
    axFocus.hidden = false;
  }
  axRoot.addEventListener("focusin", () => {
    if (!reader) { reader = true; store.set("felt.reader", "1"); }
    showFocus();
  });
  axRoot.addEventListener("focusout", () => setTimeout(showFocus, 0));
  axRoot.addEventListener("keydown", (e) => {
    const el = document.activeElement;
    const box = el && el.parentElement;
    if (e.ctrlKey || e.altKey || e.metaKey || !el || el.tagName !== "BUTTON") return;
    if (e.key === "Escape") { e.preventDefault(); el.blur(); return; }    // the keys go to the table again
    if (/^[1-6]$/.test(e.key)) {              // a quick question by its number
      const q = ax("ax-quick").children[Number(e.key) - 1];
      if (q) { e.preventDefault(); say([[q.dataset.say || "", ""]], true); }
      return;
    }
    if (!box || box.getAttribute("role") !== "group") return;
    const kids = Array.from(box.children);
    const i = kids.indexOf(el);
    let j = -1;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(kids.length - 1, i + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = kids.length - 1;
    if (j >= 0) { e.preventDefault(); kids[j].focus(); }
  });

  // ------------------------------------------------------------------ keys
  document.addEventListener("keydown", (e) => {
    if (document.activeElement === field || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (axRoot.contains(document.activeElement)) return;       // the reader's layer has the keyboard
    // Tab takes the keyboard into the layer (a laptop's player without a mouse), but in a
    // replay, whose Tab shows the next seat's hand
    if (e.key === "Tab" && !/Replay/.test(String((stats.a11y || {}).screen || ""))) return;
    if (e.key.length === 1 || KEYS.has(e.key)) {
      e.preventDefault();
      send({ t: "key", key: e.key, shift: e.shiftKey });
    }
  });

  // ------------------------------------------------------------------ text field
  function placeField(f) {
    field.style.left = f.x + "px";
    field.style.top = f.y + "px";
    field.style.width = Math.max(40, f.w) + "px";
    field.style.height = Math.max(24, f.h) + "px";
    field.style.fontSize = Math.max(16, Math.round(f.px)) + "px";   // below 16 px iOS zooms the page
    field.maxLength = f.max || 400;
    field.placeholder = f.placeholder || "";
    field.setAttribute("aria-label", f.label || f.placeholder || "");
  }
  function openField(f) {
    editing = f;
    placeField(f);
    if (field.hidden) field.value = f.value || "";
    field.hidden = false;
    axFieldsShown();
    field.focus();
    try { field.setSelectionRange(field.value.length, field.value.length); } catch (e) { /* not a text input */ }
  }
  function closeField() {
    editing = null;
    if (!field.hidden) { field.hidden = true; field.blur(); }
    axFieldsShown();
  }
  let syncTimer = null;
  function syncField() {
    clearTimeout(syncTimer);
    syncTimer = null;
    if (axRoot.contains(document.activeElement)) {      // a reader types in its own layer's field
      if (editing) closeField();
      return;
    }
    const f = fields.find((x) => x.focused);
    if (!f) {
      // no field has the focus on the table any more: the input goes, but not under a finger
      // still typing (its last keys may not have reached the table yet): look again shortly
      const since = performance.now() - lastTyped;
      if (editing && since > 300) closeField();
      else if (editing) syncTimer = setTimeout(syncField, 320 - since);
      return;
    }
    const same = editing && Math.abs(editing.x - f.x) < 2 && Math.abs(editing.y - f.y) < 2;
    editing = f;
    placeField(f);
    const since = performance.now() - lastTyped;
    if (field.hidden || !same) field.value = f.value || "";
    else if ((f.value || "") !== field.value) {
      // the table's value differs: while a finger types, it may be an echo of keys sent a moment
      // ago (look again once typing pauses); after that the game changed it (a name cut to its
      // limit, a sent chat line cleared) and the input shows it
      if (since > 250) field.value = f.value || "";
      else syncTimer = setTimeout(syncField, 260 - since);
    }
    if (field.hidden) { field.hidden = false; axFieldsShown(); field.focus(); }
  }
  field.addEventListener("input", () => {
    lastTyped = performance.now();
    send({ t: "text", value: field.value });
  });
  field.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === "Escape") {
      e.preventDefault();
      send({ t: "text", value: field.value });
      send({ t: "key", key: e.key });
      if (e.key === "Escape") closeField();
    }
  });
  field.addEventListener("blur", () => {
    if (editing && !field.hidden) {
      send({ t: "blur" });
      editing = null;
      field.hidden = true;
      axFieldsShown();
    }
  });

  // ------------------------------------------------------------------ sound, vibration, wake lock
  let audio = null;
  const buffers = {};
  function unlockAudio() {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    if (!audio) {
      try { audio = new AC(); } catch (e) { return; }
      SOUNDS.forEach((name) => {
        fetch("sounds/" + name + ".wav").then((r) => r.arrayBuffer())
          .then((b) => new Promise((ok, bad) => audio.decodeAudioData(b, ok, bad)))
          .then((buf) => { buffers[name] = buf; }).catch(() => {});
      });
    }
    if (audio.state === "suspended") audio.resume().catch(() => {});
  }
  function playSound(name) {
    const buf = buffers[name];
    if (!audio || !buf) return;
    const src = audio.createBufferSource();
    const gain = audio.createGain();
    gain.gain.value = 0.6;
    src.buffer = buf;
    src.connect(gain).connect(audio.destination);
    src.start();
  }
  // the layer's event sounds, made here (WebAudio): each event its own short tune of
  // [frequency (Hz), start (s), length (s), wave]
  const CUES = {
    turn: [[660, 0, 0.09, "sine"], [880, 0.1, 0.14, "sine"]],
    clear: [[784, 0, 0.07, "triangle"], [523, 0.08, 0.07, "triangle"], [392, 0.16, 0.12, "triangle"]],
    revolution: [[220, 0, 0.12, "sawtooth"], [440, 0.12, 0.12, "sawtooth"], [220, 0.24, 0.16, "sawtooth"]],
    draw: [[330, 0, 0.05, "square"]],
    out: [[523, 0, 0.08, "sine"], [659, 0.09, 0.08, "sine"], [784, 0.18, 0.08, "sine"], [1047, 0.27, 0.16, "sine"]],
    away: [[494, 0, 0.12, "sine"], [370, 0.14, 0.2, "sine"]],
    back: [[370, 0, 0.12, "sine"], [494, 0.14, 0.2, "sine"]],
    round: [[392, 0, 0.1, "triangle"], [523, 0.11, 0.1, "triangle"], [659, 0.22, 0.1, "triangle"], [784, 0.33, 0.25, "triangle"]],
    knock: [[140, 0, 0.04, "square"], [140, 0.12, 0.04, "square"]],
  };
  const CUE_DOUBLES = new Set(["turn", "clear", "out"]);    // the table's sounds the cues stand in for
  stats.cues = [];
  function playCue(name) {
    const tune = CUES[name];
    if (!tune) return;
    stats.cues.push(name);
    if (stats.cues.length > 100) stats.cues.shift();
    if (!audio || store.get("felt.cues") === "0") return;
    const t0 = audio.currentTime + 0.01;
    tune.forEach(([f, at, len, wave]) => {
      const o = audio.createOscillator(), g = audio.createGain();
      o.type = wave;
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t0 + at);
      g.gain.exponentialRampToValueAtTime(0.25, t0 + at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      o.connect(g).connect(audio.destination);
      o.start(t0 + at);
      o.stop(t0 + at + len + 0.02);
    });
  }
  let wakeLock = null;
  function keepAwake() {
    if (wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then((l) => {
      wakeLock = l;
      l.addEventListener("release", () => { wakeLock = null; });
    }).catch(() => {});
  }

  // ------------------------------------------------------------------ size, sleep
  let resizeTimer = null;
  function applySize() {
    resizeTimer = null;
    const oldW = cssW, oldH = cssH, oldDpr = dpr;
    measure();
    // the keyboard only covers the page: its height change is no new layout
    if (!field.hidden && cssW === oldW && dpr === oldDpr) return;
    if (cssW !== oldW || cssH !== oldH || dpr !== oldDpr) send({ t: "size", w: cssW, h: cssH, dpr });
  }
  function resized() {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(applySize, 120);
  }
  // a touch right after the page changed size goes to the new layout: the size first (also
  // when the browser has not told the page of the change yet)
  function sizeFirst() {
    const changed = Math.round(window.innerWidth) !== cssW || Math.round(window.innerHeight) !== cssH ||
      (window.devicePixelRatio || 1) !== dpr;
    if (resizeTimer !== null || changed) { clearTimeout(resizeTimer); applySize(); }
  }
  window.addEventListener("resize", resized);
  window.addEventListener("orientationchange", resized);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      keepAwake();
      if (!ws && !stopped) { retryDelay = 250; connect(); }
    }
  });

  // for tests and for curious people: what the page has received; where things are
  window.feltPhone = {
    stats,
    cues: CUES,
    canvas,
    // true when the canvas shows only sharp regions (no half-size one left from an animation)
    sharpShown() {
      const a = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const b = sctx.getImageData(0, 0, sharp.width, sharp.height).data;
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) return false;
      return true;
    },
    state() {
      return new Promise((ok) => { stateWaiters.push(ok); send({ t: "state" }); });
    },
  };
  connect();
})();
