"""The card reference: docs/cards.md is generated from the card data and must be up to date."""

from pathlib import Path

from paxpamir.content.cards import CARDS, find_card
from paxpamir.presentation.cardref import card_lines, markdown_reference

DOC = Path(__file__).resolve().parent.parent / "docs" / "cards.md"


def test_docs_cards_md_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown_reference(), (
        "docs/cards.md is out of date: run `pamir cards --markdown > docs/cards.md`"
    )


def test_reference_lists_every_card_once() -> None:
    text = markdown_reference()
    for c in CARDS[1:]:
        assert c is not None
        assert text.count(f"| {c.number} | {c.name} |") == 1


def test_card_text_shows_everything_on_a_court_card() -> None:
    lines = "\n".join(card_lines(find_card("Charles Masson")))
    for expected in ("41", "Kandahar", "intelligence", "Safe House", "prize"):
        assert expected.lower() in lines.lower()


def test_event_text_shows_both_halves() -> None:
    lines = "\n".join(card_lines(find_card(116)))
    assert "if purchased" in lines and "if discarded" in lines
