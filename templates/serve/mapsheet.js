/* mapsheet.js: the page of mapsheet serve. Builds the form's controls from
 * /options.json (the command line's option tables: a control's name is
 * the option's long name, its caption the option's label, in a game
 * master's words), keeps every option in the address bar, and on each
 * change fetches the preview (/map.svg, inline SVG) and the key
 * (/key.json: the site's title and premise, set above the key, the game
 * master's secret in an aside, null on the players' copy, and the key's
 * text) with the same query; the download links carry it too. The remake
 * line is the one for the download picked (#remake-format, or the last
 * link followed; the PDF sheet at first): the preview is drawn from it,
 * and the copy box shows the line its footer prints (the
 * X-Mapsheet-Remake header of the preview). document.body.dataset.state
 * is "loading" while a preview is fetched, then "ready" or "error". */
"use strict";

(function () {
  /* options shown elsewhere, or restating a default */
  const SPECIAL = new Set(["method", "seed", "stock"]);
  /* flags that undo each other: checking one clears the other */
  const OPPOSITE = { landscape: "portrait", portrait: "landscape" };
  /* metavars of free values: a list of values only suggests */
  const FREE = new Set(["N", "P", "R", "K", "WxH", "TEXT", "N|fit", "LIST"]);
  const GROUP_ORDER = ["map", "key", "sheet", "output"];
  const DEBOUNCE_MS = 250;

  const form = document.getElementById("options");
  const methodSelect = document.getElementById("method");
  const seedInput = document.getElementById("seed");
  const preview = document.getElementById("preview");
  const keyText = document.getElementById("key");
  const siteBox = document.getElementById("site-box");
  const secretBox = document.getElementById("secret-box");
  const remake = document.getElementById("remake");
  const remakeFormat = document.getElementById("remake-format");
  const errorBox = document.getElementById("error");
  let tables = null;
  let timer = 0;
  let generation = 0;
  let controller = null;

  function setState(state) {
    document.body.dataset.state = state;
  }

  function newSeed() {
    const words = new Uint32Array(1);
    crypto.getRandomValues(words);
    return words[0].toString(16).padStart(8, "0");
  }

  /* "(default 3)", "default: the method's" from a help line */
  function defaultOf(help) {
    const m = /default:? ([^;),]+)/.exec(help || "");
    return m ? m[1].trim() : "";
  }

  /* the option's label; its name, as words, if the tables give none */
  function labelText(o) {
    if (o.label)
      return o.label;
    const words = o.name.replace(/-/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  function makeControl(o, method) {
    const wrap = document.createElement("label");
    wrap.className = "field";
    /* the command line's own words stay in the tooltip */
    wrap.title = "On the command line: --" + o.name + (o.arg ? " " + o.arg : "") + " (" + o.help + ")";
    if (method)
      wrap.dataset.method = method;
    let control;
    if (o.arg === null) {
      wrap.classList.add("flag");
      control = document.createElement("input");
      control.type = "checkbox";
      control.value = "1";
      wrap.append(control, document.createTextNode(" " + labelText(o)));
    } else {
      const caption = document.createElement("span");
      caption.textContent = labelText(o);
      const exhaustive = o.values.length > 0 && !o.comma_list && !FREE.has(o.arg) && o.name !== "paper";
      if (exhaustive) {
        control = document.createElement("select");
        const def = document.createElement("option");
        def.value = "";
        def.textContent = defaultOf(o.help) ? "default (" + defaultOf(o.help) + ")" : "default";
        control.append(def);
        for (const v of o.values) {
          const opt = document.createElement("option");
          opt.value = opt.textContent = v;
          control.append(opt);
        }
      } else {
        control = document.createElement("input");
        control.spellcheck = false;
        control.placeholder = defaultOf(o.help);
        if (o.values.length > 0) {
          const list = document.createElement("datalist");
          list.id = "values-" + o.name + (method ? "-" + method : "");
          for (const v of o.values) {
            const opt = document.createElement("option");
            opt.value = v;
            list.append(opt);
          }
          wrap.append(list);
          control.setAttribute("list", list.id);
        }
      }
      wrap.append(caption, control);
    }
    control.name = o.name;
    return wrap;
  }

  function buildControls() {
    /* the downloads a remake line can be for, as the links name them */
    for (const a of document.querySelectorAll("#downloads a[data-format]")) {
      const opt = document.createElement("option");
      opt.value = a.dataset.format;
      opt.textContent = a.textContent;
      remakeFormat.append(opt);
    }
    for (const m of tables.methods) {
      const opt = document.createElement("option");
      opt.value = m.name;
      opt.textContent = m.name;
      methodSelect.append(opt);
    }
    for (const group of GROUP_ORDER) {
      const box = document.getElementById("group-" + group);
      for (const o of tables.options)
        if (o.group === group && !SPECIAL.has(o.name))
          box.append(makeControl(o, null));
    }
    const methodBox = document.getElementById("group-method");
    for (const m of tables.methods)
      for (const o of m.options)
        methodBox.append(makeControl(o, m.name));
  }

  /* Shows the chosen method's own options and turns off the others', so
   * that they are neither shown nor sent. */
  function showMethod() {
    const name = methodSelect.value;
    const m = tables.methods.find((x) => x.name === name);
    document.getElementById("method-summary").textContent = m ? m.summary : "";
    document.getElementById("method-legend").textContent = name + " options";
    const rooms = form.elements.namedItem("rooms");
    if (rooms && m)
      rooms.placeholder = String(m.default_rooms);
    for (const field of document.querySelectorAll("#group-method .field")) {
      const mine = field.dataset.method === name;
      field.hidden = !mine;
      for (const c of field.querySelectorAll("input, select"))
        c.disabled = !mine;
    }
  }

  /* The party's options, shown (and sent) only with a game system that
   * sizes fights for a party (/options.json's party_systems). */
  const PARTY = ["party", "party-level"];
  function showParty(system) {
    const on = (tables.party_systems || []).includes(system);
    for (const name of PARTY) {
      const c = form.elements.namedItem(name);
      if (!c)
        continue;
      c.closest(".field").hidden = !on;
      c.disabled = !on;
    }
  }

  function systemValue() {
    const c = form.elements.namedItem("system");
    return c ? c.value : "";
  }

  /* Every option set on the form, in the form's order. */
  function query() {
    const q = new URLSearchParams();
    for (const c of form.elements) {
      if (!c.name || c.disabled)
        continue;
      if (c.type === "checkbox") {
        if (c.checked)
          q.append(c.name, "1");
      } else if (c.value !== "") {
        q.append(c.name, c.value);
      }
    }
    return q;
  }

  /* The download whose command line the preview and the copy box show: a
   * booklet needs two levels, else the PDF sheet. */
  function pickedFormat(q) {
    const levels = parseInt(q.get("levels") || "1", 10);
    if (remakeFormat.value === "booklet" && !(levels >= 2))
      remakeFormat.value = "pdf";
    return remakeFormat.value || "pdf";
  }

  function restore(q) {
    if (q.has("method"))
      methodSelect.value = q.get("method");
    remakeFormat.value = "pdf";
    if (q.has("format") && [...remakeFormat.options].some((o) => o.value === q.get("format")))
      remakeFormat.value = q.get("format");
    showMethod();
    showParty(q.get("system") || "");
    for (const [name, value] of q) {
      if (name === "method")
        continue;
      for (const c of form.querySelectorAll("[name=\"" + CSS.escape(name) + "\"]")) {
        if (c.disabled)
          continue;
        if (c.type === "checkbox")
          c.checked = value !== "0" && value !== "off" && value !== "false";
        else {
          if (c.tagName === "SELECT" && ![...c.options].some((o) => o.value === value)) {
            const opt = document.createElement("option");
            opt.value = opt.textContent = value;
            c.append(opt);
          }
          c.value = value;
        }
      }
    }
    if (!seedInput.value)
      seedInput.value = newSeed();
    showParty(systemValue());
  }

  function updateLinks(q) {
    const levels = parseInt(q.get("levels") || "1", 10);
    for (const a of document.querySelectorAll("#downloads a[data-format]")) {
      const dq = new URLSearchParams(q);
      dq.set("format", a.dataset.format);
      a.href = "/download?" + dq.toString();
      const off = a.dataset.format === "booklet" && !(levels >= 2);
      a.classList.toggle("off", off);
      a.setAttribute("aria-disabled", off ? "true" : "false");
    }
  }

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = message === "";
  }

  async function fetchAnswer(path, q, signal) {
    const res = await fetch(path + "?" + q.toString(), { signal: signal, cache: "no-store" });
    const text = await res.text();
    if (!res.ok)
      throw new Error(text.trim() || ("HTTP " + res.status));
    return { text: text, headers: res.headers };
  }

  async function fetchText(path, q, signal) {
    return (await fetchAnswer(path, q, signal)).text;
  }

  /* The site above the key: its title and premise, and the secret in the
   * game master's aside when the key has one. */
  function showSite(key) {
    document.getElementById("site-title").textContent = key.title || "";
    document.getElementById("premise").textContent = key.premise || "";
    document.getElementById("secret-heading").textContent = key.secret_heading || "";
    document.getElementById("secret").textContent = key.secret || "";
    secretBox.hidden = !key.secret;
    siteBox.hidden = !key.title && !key.premise && !key.secret;
  }

  async function render() {
    const q = query();
    updateLinks(q);
    q.set("format", pickedFormat(q));
    history.replaceState(null, "", "?" + q.toString());
    if (controller)
      controller.abort();
    controller = new AbortController();
    const mine = ++generation;
    setState("loading");
    try {
      const [map, key] = await Promise.all([
        fetchAnswer("/map.svg", q, controller.signal),
        fetchText("/key.json", q, controller.signal),
      ]);
      if (mine !== generation)
        return;
      preview.innerHTML = map.text.replace(/^<\?xml[^>]*>\s*/, "");
      const parsed = JSON.parse(key);
      showSite(parsed);
      keyText.textContent = parsed.key;
      /* the line the preview's footer prints, for the download picked */
      remake.textContent = decodeURIComponent(map.headers.get("X-Mapsheet-Remake") || "");
      showError("");
      setState("ready");
    } catch (err) {
      if (mine !== generation || err.name === "AbortError")
        return;
      showError(err.message);
      setState("error");
    }
  }

  function schedule() {
    clearTimeout(timer);
    setState("loading");
    timer = setTimeout(render, DEBOUNCE_MS);
  }

  function onChange(event) {
    const c = event.target;
    if (c === methodSelect)
      showMethod();
    if (c.name === "system")
      showParty(c.value);
    if (c.type === "checkbox" && c.checked && OPPOSITE[c.name]) {
      const other = form.elements.namedItem(OPPOSITE[c.name]);
      if (other)
        other.checked = false;
    }
    schedule();
  }

  async function copyRemake() {
    const button = document.getElementById("copy-remake");
    const text = remake.textContent;
    try {
      await navigator.clipboard.writeText(text);
    } catch (err) {
      const range = document.createRange();
      range.selectNodeContents(remake);
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  }

  async function start() {
    setState("loading");
    try {
      const res = await fetch("/options.json", { cache: "no-store" });
      tables = await res.json();
    } catch (err) {
      showError("mapsheet: the page cannot read its options (/options.json): " + err.message);
      setState("error");
      return;
    }
    buildControls();
    restore(new URLSearchParams(location.search));
    form.addEventListener("change", onChange);
    form.addEventListener("input", (event) => {
      if (event.target.tagName === "INPUT" && event.target.type !== "checkbox")
        schedule();
    });
    form.addEventListener("submit", (event) => { event.preventDefault(); render(); });
    document.getElementById("new-seed").addEventListener("click", () => {
      seedInput.value = newSeed();
      schedule();
    });
    document.getElementById("reset").addEventListener("click", () => {
      form.reset();
      restore(new URLSearchParams());
      schedule();
    });
    document.getElementById("copy-remake").addEventListener("click", copyRemake);
    remakeFormat.addEventListener("change", schedule);
    for (const a of document.querySelectorAll("#downloads a[data-format]"))
      a.addEventListener("click", (event) => {
        if (a.classList.contains("off")) {
          event.preventDefault();
          return;
        }
        /* the download followed is the one the remake line is for */
        if (remakeFormat.value !== a.dataset.format) {
          remakeFormat.value = a.dataset.format;
          schedule();
        }
      });
    render();
  }

  start();
})();
