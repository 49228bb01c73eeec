// What every module of the game page shares: the last state message, the model drawn, the cards' facts, the
// replay position, and the hooks to send a message and to draw the page again.
export const session = {
  gameId: location.pathname.split("/").pop(),
  token: decodeURIComponent(location.hash.slice(1)),
  state: null,      // the last websocket "state" message
  model: null,      // the view model drawn now
  previous: null,   // the model drawn before it (what changed is shown from the two)
  cards: {},        // every card's facts and reference text (GET /api/cards)
  replay: null,     // {at, as} while the replay viewer is open
  since: null,      // {seq, at}: when this page first saw the decision of seq (the clock's estimate)
  logLines: [],     // this page's log, kept from the entries each "state" message brings (log_from, log)
  // Was card n somewhere else (or nowhere) in the model drawn before? Then it has just arrived (animated).
  arrived(n, where) {
    const prev = this.previous;
    if (!prev || this.replayJump || !where) return false;
    return !where(prev).includes(Number(n));
  },
  send: () => {},   // set by connection.js
  render: () => {}, // set by game.js
};
