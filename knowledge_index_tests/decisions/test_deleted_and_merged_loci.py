"""Loci as a lawyer names them: a deleted paragraph's own clause, one clause's adjacent changes.

The converted text is the accepted version, so a paragraph deleted as a whole is not in it:
its clause reference comes from its old wording (or the numbering Word kept), put back where
it stood. An inserted clause (its heading line, then its text) is one change of one clause.
"""

from __future__ import annotations

from knowledge_index.decisions.evidence import collect

LEASE = [
    "MIETVERTRAG",
    "§ 6 Kaution",
    "(1) Die Mieterin leistet eine Kaution.",
    "§ 7 Untervermietung",
    "(1) Eine Untervermietung bedarf der Zustimmung.",
    "§ 8 Schlussbestimmungen",
    "(1) Es gilt österreichisches Recht.",
]


def _revision(index: int, kind: str, value: str, *, context: str = "", before: str = "") -> dict:
    return {
        "kind": kind,
        "paragraph_index": index,
        "context": context,
        "text": value,
        "paragraph_before": before,
        "paragraph_after": context,
    }


def test_a_deleted_sub_paragraph_is_the_absatz_of_the_clause_it_stood_in() -> None:
    old = "(2) Die Untervermietung an verbundene Unternehmen ist zulässig."
    body = {
        "text": "\n\n".join(LEASE),
        "revisions": [
            _revision(
                2, "insert", "eine", context=LEASE[2], before="(1) Die Mieterin leistet Kaution."
            ),
            _revision(5, "delete", old, before=old),
        ],
    }
    loci = collect(body).loci
    assert [(lo.clause, lo.change_type) for lo in loci] == [
        ("§ 6 Abs. 1", "inserted"),
        ("§ 7 Abs. 2", "deleted"),
    ]
    assert loci[1].heading == "§ 7 Untervermietung"


def test_a_deleted_numbered_clause_keeps_its_number_typed_or_generated() -> None:
    text = ["DISTRIBUTION AGREEMENT", "2. Exclusivity", "2.1 Exclusive rights.", "3. Prices"]
    typed = "2.2 The Supplier may make direct sales."
    body = {"text": "\n\n".join(text), "revisions": [_revision(3, "delete", typed, before=typed)]}
    (locus,) = collect(body).loci
    assert (locus.clause, locus.heading) == ("Clause 2.2", "2. Exclusivity")

    # Word's own numbering is written into the paragraph's context and survives the deletion.
    generated = "All payments are made without deduction of withholding tax."
    body = {
        "text": "\n\n".join(text),
        "revisions": [_revision(3, "delete", generated, context="2.2 ", before=generated)],
    }
    (locus,) = collect(body).loci
    assert locus.clause == "Clause 2.2"


def _inserted_clause(text: list[str], heading: int) -> dict:
    """`text` with its paragraphs `heading` and the one after inserted by a tracked change."""
    lines = text[heading : heading + 2]
    return {
        "text": "\n\n".join(text),
        "revisions": [
            _revision(7 + i, "insert", line, context=line) for i, line in enumerate(lines)
        ],
    }


def test_an_inserted_heading_and_its_text_are_one_change_of_one_clause() -> None:
    text = ["VERGLEICH", "Punkt 3. Mängel", "Punkt 4. Kosten", "Die Kosten werden aufgehoben."]
    (locus,) = collect(_inserted_clause(text, 2)).loci
    assert locus.clause == "Punkt 4"
    assert locus.inserted == text[2:4]

    # A heading over a numbered first sub-clause: the locus is the sub-clause.
    text = ["VERTRAG", "5. Haftung", "5.1 Die Haftung ist begrenzt.", "6. Wettbewerbsverbot"]
    text.append("6.1 Die Verkäuferin wird nicht in Wettbewerb treten.")
    (locus,) = collect(_inserted_clause(text, 3)).loci
    assert locus.clause == "Ziffer 6.1"


def test_changes_in_two_clauses_stay_two_loci() -> None:
    text = ["VERTRAG", "§ 1 Gegenstand", "(1) Alt.", "(2) Auch alt."]
    body = {
        "text": "\n\n".join(text),
        "revisions": [
            _revision(2, "insert", "Alt", context=text[2], before="(1) ."),
            _revision(3, "insert", "Auch", context=text[3], before="(2) alt."),
        ],
    }
    assert [lo.clause for lo in collect(body).loci] == ["§ 1 Abs. 1", "§ 1 Abs. 2"]
