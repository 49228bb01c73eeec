// A minimal game page: one websocket, the seat's view, the legal options as buttons, the log.
const gameId = location.pathname.split("/").pop();
const token = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);
let state = null;
let socket = null;
let retry = 500;

function send(message) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); }

function render(s) {
  state = s;
  document.title = `${s.title} — Pax Pamir`;
  $("heading").textContent = s.title;
  $("status").textContent = s.role === "seat" ? `You are ${s.players[s.seat].name} (seat ${s.seat + 1}).`
    : "You are watching.";
  $("players").replaceChildren(...s.players.map((p) => {
    const li = document.createElement("li");
    const vp = s.view.players[p.seat].vp;
    li.textContent = `${p.name} (${p.kind}) — ${vp} VP${p.seat === s.to_move ? " — to move" : ""}`;
    return li;
  }));
  const d = s.decision;
  $("decision").hidden = !d;
  if (d) {
    $("prompt").textContent = d.prompt;
    $("options").replaceChildren(...d.options.map((o) => {
      const b = document.createElement("button");
      b.textContent = o.label;
      b.onclick = () => send({ type: "move", seq: s.seq, option: o.option });
      return b;
    }));
    $("undo").hidden = !d.can_undo;
  }
  $("me").hidden = s.role !== "seat";
  $("links").hidden = s.role !== "creator";
  if (s.role === "creator" && !$("link-buttons").children.length) {
    const targets = [...s.players.filter((p) => p.kind === "human").map((p) => [p.seat, p.name]), [null, "spectators"]];
    $("link-buttons").replaceChildren(...targets.map(([seat, name]) => {
      const b = document.createElement("button");
      b.textContent = `New link for ${name}`;
      b.onclick = () => newLink(seat, name);
      return b;
    }));
  }
  if (s.role === "seat" && document.activeElement !== $("name")) $("name").value = s.players[s.seat].name;
  $("view").textContent = JSON.stringify(s.view, null, 1);
  const log = $("log");
  while (log.children.length > s.log_from) log.lastChild.remove();
  for (const entry of s.log) {
    const li = document.createElement("li");
    li.textContent = entry.text;
    log.append(li);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  socket.onopen = () => { retry = 500; send({ type: "hello", token }); };
  socket.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === "state") {
      if (!state || state.seq !== m.seq) $("error").textContent = "";
      render(m);
    }
    else if (m.type === "error") $("error").textContent = m.message;
  };
  socket.onclose = (ev) => {
    if (ev.code >= 4400 && ev.code < 4500) { $("status").textContent = "This link does not open this game."; return; }
    $("status").textContent = "Disconnected; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

async function newLink(seat, name) {
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/links`, {
    method: "POST", headers: { Authorization: `Bearer ${token}` }, body: JSON.stringify(seat === null ? {} : { seat }),
  });
  const data = await response.json();
  const li = document.createElement("li");
  li.textContent = response.ok ? `${name}: ${data.url}` : data.message;
  $("new-links").append(li);
}

$("undo").onclick = () => state && send({ type: "undo", seq: state.seq });
$("save").onclick = () => {
  const message = { type: "seat", name: $("name").value };
  message.webhook = $("webhook").value.trim() || null;
  send(message);
};
if (!token) $("status").textContent = "Open this page with the link you were given (it ends in #…).";
else connect();
