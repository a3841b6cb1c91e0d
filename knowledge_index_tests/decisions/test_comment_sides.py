"""Whose side a comment's author is on, and what "our client" then means."""

from __future__ import annotations

from knowledge_index.decisions.cues import rationale_signals
from knowledge_index.decisions.sides import author_sides, firm_domains
from knowledge_index.decisions.taxonomy import load_taxonomy

WHY = load_taxonomy("rationale_category")
FIRM = ["Aichinger Wyss Thornton Rechtsanwälte GmbH", "AWT Legal LLP"]
# The matter's mail as the estate's e-mails write it (names in both orders, titles, RFC 2047).
ADDRESSES = [
    '"Huber, Katharina" <k.huber@awt-law.at>',
    "James Whitcombe <j.whitcombe@awt-legal.co.uk>",
    '"Dr. Bernhard Pölzl" <b.poelzl@poelzl-law.at>',
    '"Me Claire Dubois" <c.dubois@dubois-favre.ch>',
    "Tom Ashworth <tom.ashworth@kingsmere.co.uk>",
]


def test_the_firms_domains_are_found_from_its_initials_and_its_name():
    assert firm_domains(ADDRESSES, FIRM) == {"awt-law.at", "awt-legal.co.uk"}
    he = ["Hartmann Ellerbrook Rechtsanwälte Partnerschaft mbB"]
    mail = ["Dr. Michael Seidl <michael.seidl@hartmann-ellerbrook.de>", "x <y@poelzl-law.at>"]
    assert firm_domains(mail, he) == {"hartmann-ellerbrook.de"}


def test_a_comment_author_is_placed_by_the_addresses_the_matters_mail_shows():
    authors = ["Katharina Huber", "Dr. Bernhard Pölzl", "Claire Dubois", "Stefan Pichler"]
    assert author_sides(authors, ADDRESSES, FIRM) == {
        "Katharina Huber": "firm",
        "Dr. Bernhard Pölzl": "other",
        "Claire Dubois": "other",
    }  # Stefan Pichler wrote no mail on the matter: unknown


def _why(comment: str, other_side: bool) -> str:
    signals = rationale_signals(WHY, [comment], frozenset(), [other_side])
    return signals[0].id if signals else WHY.fallback


def test_our_client_in_the_other_sides_comment_is_their_client():
    ours = "Our client needs minority protection: it will not sign without a veto."
    assert _why(ours, other_side=False) == "client_instruction"
    assert _why(ours, other_side=True) == "counterparty_request"
    assert _why("Unsere Mandantin besteht auf 12 Monaten.", other_side=True) == (
        "counterparty_request"
    )
    assert _why("Auf Wunsch der Gegenseite gestrichen.", other_side=True) == "client_instruction"
