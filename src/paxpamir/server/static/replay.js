// Replay: step through the game decision by decision, play and pause, or jump to the next or previous turn
// or Dominance Check. During the game through your own seat (a seat's page) or the public view; once it is
// over, through any seat.
import { _ } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { refresh, fetchModel } from "./connection.js";
import { icon } from "./icons.js";

let playing = null;

export function openReplay(on) {
  stopPlaying();
  $("replay-toggle").setAttribute("aria-pressed", String(on));
  $("replay").hidden = !on;
  if (!on) { session.replay = null; refresh(); return; }
  const state = session.state;
  const sel = $("rp-as");
  const choices = [];
  if (state.role === "seat") choices.push(el("option", { value: "", text: _("my seat") }));
  choices.push(el("option", { value: "public", text: _("public (spectators)") }));
  sel.replaceChildren(...choices);
  if (session.model && session.model.over) session.model.names.forEach((n, p) => sel.append(el("option", { value: String(p), text: n })));
  session.replay = { at: state.seq, as: state.role === "seat" ? "" : "public" };
  $("rp-step").max = String(state.seq);
  stepTo(state.seq);
}

export function stepTo(at) {
  const replay = session.replay;
  if (!replay) return;
  replay.at = Math.max(0, Math.min(session.state.seq, at));
  $("rp-step").value = String(replay.at);
  $("rp-label").textContent = `${replay.at} / ${session.state.seq}`;
  return refresh();
}

function stopPlaying() {
  clearInterval(playing);
  playing = null;
  showPlaying(false);
}
// The play button: a drawn triangle (or two bars while playing), named by its label.
function showPlaying(on) {
  const button = $("rp-play");
  button.replaceChildren(icon(on ? "pause" : "play"));
  button.setAttribute("aria-label", on ? _("Pause") : _("Play"));
}

// Step on (or back) until the turn changes, or until a Dominance Check has been scored.
async function jump(direction, what) {
  const replay = session.replay;
  if (!replay) return;
  stopPlaying();
  const start = session.model;
  const key = (m) => (what === "turn" ? `${m.turn}` : `${m.dominance.left}`);
  const from = key(start);
  let at = replay.at;
  document.body.dataset.jumping = "1";
  for (let i = 0; i < 2000; i++) {
    at += direction;
    if (at < 0 || at > session.state.seq) break;
    const data = await fetchModel(at);
    if (!data || !session.replay) break;
    if (key(data.model) !== from) {
      if (direction < 0 && what === "turn") {
        // Back to the first step of that earlier turn.
        const turnKey = key(data.model);
        while (at > 0) { const prev = await fetchModel(at - 1); if (!prev || key(prev.model) !== turnKey) break; at -= 1; }
      }
      break;
    }
  }
  delete document.body.dataset.jumping;
  await stepTo(at);
}

$("replay-toggle").onclick = () => openReplay(!session.replay);
$("rp-first").onclick = () => stepTo(0);
$("rp-prev").onclick = () => stepTo(session.replay.at - 1);
$("rp-next").onclick = () => stepTo(session.replay.at + 1);
$("rp-last").onclick = () => stepTo(session.state.seq);
$("rp-step").oninput = () => stepTo(Number($("rp-step").value));
$("rp-as").onchange = () => { session.replay.as = $("rp-as").value; refresh(); };
$("rp-prev-turn").onclick = () => jump(-1, "turn");
$("rp-next-turn").onclick = () => jump(1, "turn");
$("rp-next-check").onclick = () => jump(1, "check");
$("rp-play").onclick = () => {
  if (playing) { stopPlaying(); return; }
  showPlaying(true);
  playing = setInterval(() => {
    if (!session.replay || session.replay.at >= session.state.seq) { stopPlaying(); return; }
    stepTo(session.replay.at + 1);
  }, 700);
};
showPlaying(false);
