"""How the bots and Wakhan bargain over a bribe (docs/rules-decisions.md, "Bribes"): each with a policy of its
own. The heuristic's holder accepts half or more, meets a lower offer halfway and insists after the last offer;
its payer offers half where it would pay. Wakhan never bargains. The search leaves the holder's side to the
heuristic and searches the payer's. Seats are 0-based; card numbers are the printed numbers."""

from __future__ import annotations

import positions
import wakhanpositions
from cardpositions import do, load, opts, player

from paxpamir.agents.heuristic import HeuristicBot, holder_choice, unbribed_this_turn
from paxpamir.agents.registry import make_agent
from paxpamir.agents.wakhan import WakhanPlayer


def _ruled_punjab(rupees: int = 9, tribes: int = 4):
    # Player 1 rules Punjab; Player 0 plays Ranjit Singh (24), a Punjab card, and owes a bribe.
    return load([player("afghan", rupees, hand=[24]), player("russian", 3)], tribes={"punjab": [0, tribes]})


def test_the_heuristic_holder_asks_the_whole_bribe():
    g = _ruled_punjab()
    do(g, ("play", 24))
    assert holder_choice(g, opts(g)) == ("demand", 4)


def test_the_heuristic_holder_accepts_half_and_meets_less_halfway():
    g = _ruled_punjab()
    do(g, ("play", 24), ("demand", 4), ("offer", 2))
    assert holder_choice(g, opts(g)) == ("accept",)
    g = _ruled_punjab()
    do(g, ("play", 24), ("demand", 4), ("offer", 0))
    assert holder_choice(g, opts(g)) == ("ask", 2)


def test_the_heuristic_holder_insists_after_the_last_offer():
    g = _ruled_punjab(tribes=8)
    do(g, ("play", 24), ("demand", 8), ("offer", 0), ("ask", 7), ("offer", 1), ("ask", 6), ("offer", 2))
    assert opts(g) == [("accept",), ("insist",), ("break_off",)]
    assert holder_choice(g, opts(g)) == ("insist",)


def test_the_heuristic_payer_offers_half_where_it_would_pay_the_whole():
    g = _ruled_punjab()
    do(g, ("play", 24), ("demand", 4))
    assert HeuristicBot(seed=1, private=False).choose(g) == ("offer", 2)
    do(g, ("offer", 2))
    assert HeuristicBot(seed=2, private=False).choose(g) == ("accept",)  # and another heuristic accepts it


def test_the_heuristic_pays_wakhan_without_bargaining():
    g = wakhanpositions.wgame(
        positions.player("afghan", 9, hand=[24]), wakhanpositions.wakhan(3), tribes={"punjab": [0, 4]}, current=0
    )
    do(g, ("play", 24), ("demand", 4))
    assert HeuristicBot(seed=1, private=False).choose(g) == ("pay",)


def test_the_heuristic_payer_answers_a_counter_demand_by_paying_or_refusing():
    g = _ruled_punjab()
    do(g, ("play", 24), ("demand", 4), ("offer", 0), ("ask", 3))
    assert HeuristicBot(seed=1, private=False).choose(g) in (("pay",), ("refuse",))


def test_wakhan_insists_on_the_full_bribe():
    g = wakhanpositions.wgame(
        positions.player("afghan", 9, hand=[24]), wakhanpositions.wakhan(3), tribes={"punjab": [0, 4]}, current=0
    )
    do(g, ("play", 24))
    assert g.current_player == g.wakhan
    option, _ = WakhanPlayer().choose(g)
    assert option == ("demand", 4)
    do(g, option, ("offer", 1))
    option, reason = WakhanPlayer().choose(g)
    assert option == ("insist",) and "never bargains" in str(reason)


def test_the_search_leaves_the_holder_side_to_the_heuristic_and_answers_an_offer():
    g = _ruled_punjab()
    do(g, ("play", 24), ("demand", 4), ("offer", 0))
    bot = make_agent("search:fast", seed=1)
    assert bot.decide(g).option == ("ask", 2)


def test_a_bot_built_afresh_does_not_ask_again_for_a_bribe_refused_this_turn():
    # The server builds its bots afresh for each decision, so they remember nothing: the log does. Once a bribe
    # for playing Ranjit Singh (24) was refused, or broken off by the holder, this turn, playing it again would ask
    # the same bribe from the same position (a loop with a holder who insists). The bot moves on; next turn it may
    # try again.
    for answer in ((("refuse",),), (("offer", 0), ("break_off",))):
        g = _ruled_punjab()
        assert HeuristicBot(seed=1, private=False).choose(g) == ("play", 24)
        do(g, ("play", 24), ("demand", 4), *answer)
        assert g.decision == "turn" and g.current_player == 0 and opts(g) == [("play", 24), ("end_turn",)]
        assert unbribed_this_turn(g, 0) == {("play", 24)} and unbribed_this_turn(g, 1) == set()
        assert HeuristicBot(seed=1, private=False).choose(g) == ("end_turn",)
        do(g, ("end_turn",), ("end_turn",))
        assert g.current_player == 0 and unbribed_this_turn(g, 0) == set()
        assert HeuristicBot(seed=1, private=False).choose(g) == ("play", 24)
