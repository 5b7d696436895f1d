// The s2s playground page: sends the code to the server (`s2s serve`, s2s/serve.py)
// and shows its answer. Plain DOM, no library: the page works offline.
(function () {
  "use strict";

  const MAX_BODY = 100000;   // the server's limit on a request (bytes)
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const code = $("code"), gutter = $("gutter"), fnField = $("function"), argsField = $("args");
  const runButton = $("run"), status = $("status"), errorBox = $("error"), output = $("output");

  let errorLine = null;      // the user's line an error points at
  let hoverLine = null;      // the user's line of the hovered generated line
  let fnTyped = false;       // the person typed a function name: keep it
  let stepLine = null;       // the user's line of the line being stepped on

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") e.textContent = v; else e.setAttribute(k, v);
    }
    for (const c of children) if (c != null) e.append(c);
    return e;
  }

  // -- the editor: a textarea with line numbers ---------------------------------

  function renderGutter() {
    const n = code.value.split("\n").length;
    gutter.textContent = "";
    for (let i = 1; i <= n; i++) {
      const cls = (i === errorLine ? "err " : "") + (i === hoverLine ? "hover " : "")
        + (i === stepLine ? "step" : "");
      gutter.append(el("span", { class: cls.trim(), text: String(i) }), "\n");
    }
    gutter.scrollTop = code.scrollTop;
  }

  function lastDef(src) {
    let m, name = "";
    const re = /^def\s+([A-Za-z_]\w*)\s*\(/gm;
    while ((m = re.exec(src))) name = m[1];
    return name;
  }

  code.addEventListener("input", () => {
    errorLine = null;
    renderGutter();
    if (!fnTyped) fnField.value = lastDef(code.value);
  });
  code.addEventListener("scroll", () => { gutter.scrollTop = code.scrollTop; });
  code.addEventListener("keydown", (ev) => {
    if (ev.key === "Tab" && !ev.shiftKey) {            // indent, not leave the editor
      ev.preventDefault();
      document.execCommand("insertText", false, "    ") ||
        code.setRangeText("    ", code.selectionStart, code.selectionEnd, "end");
    }
  });
  fnField.addEventListener("input", () => { fnTyped = fnField.value.trim() !== ""; });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); run(); }
  });
  runButton.addEventListener("click", run);

  // -- running ------------------------------------------------------------------

  function currentState() {
    const transforms = [...document.querySelectorAll('input[name="transform"]:checked')]
      .map((c) => c.value);
    return { code: code.value, function: fnField.value.trim(), args: argsField.value,
             transforms: transforms, explain: $("explain").checked };
  }

  // -- the state in the address's fragment (#s=...): a link to share, which
  // stays on this machine (browsers never send the fragment to a server) and
  // which fills the fields but does not run the code: the person clicks Run
  function encodeState(state) {
    const bytes = new TextEncoder().encode(JSON.stringify(state));
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decodeState(encoded) {
    const text = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  function restoreState() {
    const m = /^#s=([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (!m) return;
    let state;
    try { state = decodeState(m[1]); } catch (e) { return; }
    if (typeof state.code === "string") code.value = state.code;
    if (typeof state.function === "string") {
      fnField.value = state.function;
      fnTyped = state.function !== "";
    }
    if (typeof state.args === "string") argsField.value = state.args;
    if (Array.isArray(state.transforms)) {
      for (const box of document.querySelectorAll('input[name="transform"]')) {
        box.checked = state.transforms.includes(box.value);
      }
    }
    $("explain").checked = state.explain === true;
  }

  async function run() {
    if (runButton.disabled) return;
    const state = currentState();
    history.replaceState(null, "", "#s=" + encodeState(state));
    const body = JSON.stringify(state);
    clearError();
    const size = new Blob([body]).size;
    if (size > MAX_BODY) {
      return showError({ message: `the code is too long: ${size} bytes, at most ${MAX_BODY}` });
    }
    runButton.disabled = true;
    status.textContent = "running…";
    try {
      let res;
      try {
        res = await fetch("api/run", {
          method: "POST", body: body,
          headers: { "Content-Type": "application/json", "X-S2S-Token": token },
        });
      } catch (e) {
        return showError({ message: "the playground server does not answer: is `s2s serve` still running?" });
      }
      if (!res.ok) return showError({ message: `HTTP ${res.status}: ${(await res.text()).trim()}` });
      const answer = await res.json();
      if (!answer.ok) {
        showError(answer.error);
      } else {
        render(answer);
        status.textContent = `done in ${answer.seconds.toFixed(2)} s`;
      }
      showPrinted(answer.output);
    } finally {
      runButton.disabled = false;
      if (status.textContent === "running…") status.textContent = "";
    }
  }

  // -- errors -------------------------------------------------------------------

  function clearError() {
    errorBox.hidden = true;
    errorBox.textContent = "";
    errorLine = null;
    for (const f of [fnField, argsField, $("transforms")]) f.classList.remove("invalid");
    renderGutter();
  }

  const FIELDS = { function: "function", args: "example arguments", transforms: "transformations" };

  // An error of the server's (s2s/serve.py `failure`), at the user's line of
  // the code or at one of the fields.
  function errorContent(err) {
    const where = err.line ? `line ${err.line}: ` : (FIELDS[err.where] ? `${FIELDS[err.where]}: ` : "");
    const parts = [el("div", { class: "message", text: where + err.message })];
    if (err.text) {
      const caret = err.col != null ? "\n" + " ".repeat(err.col) + "^" : "";
      parts.push(el("pre", { class: "source", text: err.text + caret }));
    }
    if (err.hint) parts.push(el("div", { class: "hint", text: "hint: " + err.hint }));
    if (err.traceback) {
      parts.push(el("details", {}, el("summary", { text: "traceback" }),
        el("pre", { text: err.traceback })));
    }
    return parts;
  }

  function showError(err) {
    output.hidden = true;
    status.textContent = "";
    errorBox.textContent = "";
    errorBox.append(...errorContent(err));
    errorBox.hidden = false;
    if (err.where === "code" && err.line) {
      errorLine = err.line;
      renderGutter();
      // scroll the line into view
      const lineHeight = parseFloat(getComputedStyle(code).lineHeight) || 18;
      const top = (err.line - 1) * lineHeight;
      if (top < code.scrollTop || top > code.scrollTop + code.clientHeight - lineHeight) {
        code.scrollTop = Math.max(0, top - 2 * lineHeight);
      }
    } else if (FIELDS[err.where]) {
      (err.where === "transforms" ? $("transforms") : err.where === "args" ? argsField : fnField)
        .classList.add("invalid");
    }
  }

  // -- results ------------------------------------------------------------------

  function render(answer) {
    // s2s.show's HTML (the code in it escaped by s2s's highlighter); its own
    // hover script does not run here: the listeners below do the hover
    $("view").innerHTML = answer.view;
    // its lines are block spans; a newline between two of them in the <pre>
    // would make a blank line of its own
    for (const pre of $("view").querySelectorAll("pre")) {
      for (const n of [...pre.childNodes]) {
        if (n.nodeType === Node.TEXT_NODE && !n.textContent.trim()) n.remove();
      }
    }

    const table = $("values");
    table.textContent = "";
    let anyValue = false;
    for (const t of answer.transforms) {
      if (t.values === null) continue;
      anyValue = true;
      if (!Array.isArray(t.values)) {                     // an error, at the user's line
        table.append(el("tr", { "data-transform": t.name }, el("th", { text: t.name }),
          el("td", { colspan: "2", class: "error" }, ...errorContent(t.values))));
        continue;
      }
      t.values.forEach(([label, text], i) => {
        table.append(el("tr", { "data-transform": t.name },
          el("th", { text: i === 0 ? t.name : "" }), el("td", { class: "label", text: label }),
          el("td", {}, el("pre", { class: "value", text: text }))));
      });
    }
    if (!anyValue) {
      table.append(el("tr", {}, el("td", { text: "(no example arguments: no values)" })));
    }

    renderStepper(answer.transforms);

    const passes = $("passes");
    passes.textContent = "";
    for (const t of answer.transforms) {
      const changed = t.passes.filter((p) => p.changed).length;
      const box = el("details", { class: "transform", "data-transform": t.name },
        el("summary", { text: `${t.name}: ${t.passes.length} stages, ${changed} change the program` }));
      for (const p of t.passes) {
        const summary = el("summary", {}, el("b", { text: p.name }), " — " + p.purpose,
          p.changed ? null : el("span", { class: "same", text: " (no change)" }));
        box.append(el("details", { class: "stage" + (p.changed ? "" : " unchanged") }, summary,
          p.first ? el("pre", { class: "code", text: p.text }) : diff(p.text)));
      }
      passes.append(box);
    }
    output.hidden = false;
  }

  function diff(text) {
    const pre = el("pre", { class: "diff" });
    for (const line of text.split("\n")) {
      const cls = line.startsWith("+++") || line.startsWith("---") ? "file"
        : line.startsWith("@@") ? "hunk" : line.startsWith("+") ? "add"
          : line.startsWith("-") ? "del" : "";
      pre.append(el("span", { class: cls, text: line }), "\n");
    }
    return pre;
  }

  function showPrinted(text) {
    $("printed").textContent = text || "";
    $("printed-box").hidden = !text;
  }

  // -- stepping through the generated code, line by line ---------------------------
  //
  // The server ran each transformation's generated code at the example
  // arguments and recorded every line as it ran (s2s/serve_job.py `steps`):
  // its number in the generated source, the sweep it belongs to, and what it
  // set (shape, dtype and a value summary, as `--trace` prints them).

  const stepper = { traces: {}, name: null, k: 0 };

  function renderStepper(transforms) {
    const select = $("step-transform");
    select.textContent = "";
    stepper.traces = {};
    for (const t of transforms) {
      if (!t.steps) continue;
      stepper.traces[t.name] = t.steps;
      select.append(el("option", { value: t.name, text: t.name }));
    }
    const names = Object.keys(stepper.traces);
    $("stepper").hidden = names.length === 0;
    stepper.name = names.includes(stepper.name) ? stepper.name : names[0] || null;
    if (stepper.name) select.value = stepper.name;
    stepTo(0);
  }

  function stepTo(k) {
    const trace = stepper.traces[stepper.name];
    const code = $("step-code"), values = $("step-values"), where = $("step-where");
    code.textContent = "";
    values.textContent = "";
    where.textContent = "";
    stepLine = null;
    if (!trace) { renderGutter(); return; }
    if (trace.error) {
      where.append(...errorContent(trace.error));
      renderGutter();
      return;
    }
    const n = trace.steps.length;
    stepper.k = Math.max(0, Math.min(k, n - 1));
    const step = trace.steps[stepper.k];
    const ran = new Set(trace.steps.slice(0, stepper.k).map((s) => s.line));
    trace.source.forEach((text, i) => {
      const line = i + 1;
      const cls = "gl" + (step && line === step.line ? " current" : ran.has(line) ? " ran" : "");
      code.append(el("span", { class: cls, "data-line": String(line), text: text || " " }));
    });
    if (!step) { renderGutter(); return; }
    stepLine = trace.origins[step.line - 1];
    where.append(`step ${stepper.k + 1} of ${n}${trace.more ? ` (+${trace.more} not shown)` : ""} · `,
      el("span", { class: "sweep", text: step.sweep }),
      stepLine ? ` · from line ${stepLine} of your code` : "");
    if (step.sets.length === 0) {
      values.append(el("tr", {}, el("td", { text: "(this line sets no name)" })));
    }
    for (const [name, summary] of step.sets) {
      values.append(el("tr", { "data-name": name }, el("th", { text: name }),
        el("td", { class: "value", text: summary })));
    }
    const current = code.querySelector(".gl.current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    $("step-prev").disabled = stepper.k === 0;
    $("step-first").disabled = stepper.k === 0;
    $("step-next").disabled = stepper.k >= n - 1;
    $("step-last").disabled = stepper.k >= n - 1;
    renderGutter();
  }

  $("step-transform").addEventListener("change", (ev) => { stepper.name = ev.target.value; stepTo(0); });
  $("step-first").addEventListener("click", () => stepTo(0));
  $("step-prev").addEventListener("click", () => stepTo(stepper.k - 1));
  $("step-next").addEventListener("click", () => stepTo(stepper.k + 1));
  $("step-last").addEventListener("click", () => stepTo(Infinity));
  $("stepper").addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "SELECT") return;
    if (ev.key === "ArrowRight") { ev.preventDefault(); stepTo(stepper.k + 1); }
    if (ev.key === "ArrowLeft") { ev.preventDefault(); stepTo(stepper.k - 1); }
  });

  // -- hover: a line, its user line and every line made from it -------------------

  function hover(ev, on) {
    const line = ev.target.closest && ev.target.closest(".s2s-line[data-origin]");
    if (!line) return;
    const origin = line.dataset.origin;
    for (const e of $("view").querySelectorAll(`.s2s-line[data-origin="${CSS.escape(origin)}"]`)) {
      e.classList.toggle("s2s-hl", on);
    }
    hoverLine = on ? Number(origin) : null;
    renderGutter();
  }
  $("view").addEventListener("mouseover", (ev) => hover(ev, true));
  $("view").addEventListener("mouseout", (ev) => hover(ev, false));

  restoreState();
  renderGutter();
})();
