// The lobby: create a game through the JSON API and show every link.
const seats = document.getElementById("seats");
let kinds = { human: "a person" };

function addSeat(kind) {
  if (seats.children.length >= 5) return;
  const n = seats.children.length + 1;
  const row = document.createElement("div");
  const select = document.createElement("select");
  for (const [k, text] of Object.entries(kinds)) {
    const o = document.createElement("option");
    o.value = k; o.textContent = `${k} — ${text}`; o.selected = k === kind;
    select.append(o);
  }
  const name = document.createElement("input");
  name.placeholder = `Player ${n}`;
  row.append(`Seat ${n}: `, select, " name ", name);
  seats.append(row);
}

document.getElementById("add").onclick = () => addSeat("human");
document.getElementById("remove").onclick = () => { if (seats.children.length > 2) seats.lastChild.remove(); };

function item(label, url) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = url; a.textContent = url;
  li.append(`${label}: `, a);
  return li;
}

document.getElementById("create").onsubmit = async (ev) => {
  ev.preventDefault();
  const form = ev.target;
  const spec = {
    seats: [...seats.children].map((row) => {
      const [select, name] = row.querySelectorAll("select, input");
      return name.value.trim() ? { kind: select.value, name: name.value.trim() } : { kind: select.value };
    }),
    open_hands: form.open_hands.checked,
    bot_delay: Number(form.bot_delay.value || 0),
  };
  if (form.seed.value !== "") spec.seed = Number(form.seed.value);
  const response = await fetch("/api/games", { method: "POST", body: JSON.stringify(spec) });
  const data = await response.json();
  const error = document.getElementById("error");
  if (!response.ok) { error.textContent = data.message; return; }
  error.textContent = "";
  const list = document.getElementById("link-list");
  list.replaceChildren(item("Creator (watch, issue new links)", data.creator.url),
                       item("Spectators", data.spectator.url));
  for (const s of data.seats) if (s.url) list.append(item(`Seat ${s.seat + 1} (${s.name})`, s.url));
  document.getElementById("links").hidden = false;
};

const response = await fetch("/api/kinds");
kinds = (await response.json()).kinds;
addSeat("human"); addSeat("human");
