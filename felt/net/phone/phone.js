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
  }
  function hideNote() { note.hidden = true; }
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
        look: store.get("felt.look") || "" });
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
      case "sound": playSound(m.name); break;
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
      hideNote();
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
  let axNews = null;                   // the announcement last said (null: none seen yet)
  let axFieldCount = 0;                // text fields in the layer
  // the layer's text fields, unless the input over the canvas is open (a finger tapped the
  // table's field): then that input, labelled alike, is the one text box a reader finds
  function axFieldsShown() {
    const box = ax("ax-s-fields");
    if (box) box.hidden = !axFieldCount || !field.hidden;
  }
  // the box's children kept in the order of items, one per item id: made once (make), brought
  // up to date each time (update), gone with their item; a reader's focus stays on its node
  function axKeyed(box, items, make, update) {
    const old = new Map();
    Array.from(box.children).forEach((el) => old.set(el.dataset.id, el));
    items.forEach((it, i) => {
      let el = old.get(it.id);
      if (el) old.delete(it.id);
      else { el = make(); el.dataset.id = it.id; }
      update(el, it);
      if (box.children[i] !== el) box.insertBefore(el, box.children[i] || null);
    });
    old.forEach((el) => el.remove());
  }
  function axButtons(box, items) {
    axKeyed(box, items, () => {
      const b = document.createElement("button");
      b.type = "button";
      b.addEventListener("click", () => {
        if (b.getAttribute("aria-disabled") !== "true") send({ t: "act", id: b.dataset.id });
      });
      return b;
    }, (b, it) => {
      if (b.textContent !== it.name) b.textContent = it.name;
      if ("on" in it) b.setAttribute("aria-pressed", it.on ? "true" : "false");
      else b.removeAttribute("aria-pressed");
      if (it.off) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
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
    [["hand", "hand"], ["table", "table"], ["acts", "actions"], ["info", "info"], ["log", "log"]].forEach(([k, head]) => {
      const items = Array.isArray(m[k]) ? m[k] : [];
      ax("ax-h-" + head).textContent = h[head] || "";
      if (k === "info" || k === "log") axLines(ax("ax-" + k), items.map(String));
      else axButtons(ax("ax-" + k), items);
      ax("ax-s-" + k).hidden = !items.length;
    });
    const status = m.status || document.title;
    if (ax("ax-status").textContent !== status) ax("ax-status").textContent = status;
    axLive.setAttribute("aria-label", h.news || "");
    const news = m.news || { n: 0, say: [] };
    if (axNews !== null && news.n !== axNews) {
      (news.say || []).forEach((text) => {
        const p = document.createElement("p");
        p.textContent = text;
        axLive.appendChild(p);
      });
      while (axLive.children.length > 20) axLive.firstChild.remove();
    }
    axNews = news.n;
    stats.a11y = m;
  }

  // ------------------------------------------------------------------ keys
  document.addEventListener("keydown", (e) => {
    if (document.activeElement === field || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (axRoot.contains(document.activeElement)) return;       // the reader's layer has the keyboard
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
