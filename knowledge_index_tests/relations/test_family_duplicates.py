"""A copy stands for the version it copies, through copies of copies, in any member order.

Estate A's `Datenwerk RLA - agreed form.pdf` is byte-identical to the PDF attached to a mail,
which is the print (a near-duplicate) of the agreed `.docx`. Its label used to come from
whichever of the three the family listed first (members are listed by discovery sequence, and
an attachment's sequence is when its mail was converted): `executed` in one run, `draft` in
another.
"""

from __future__ import annotations

import itertools

from knowledge_index.relations.family import _version_of

DOCX = {"id": "docx", "identity": "new_version", "duplicate_of": None}
PRINT = {"id": "print", "identity": "near_duplicate", "duplicate_of": "docx"}
COPY = {"id": "copy", "identity": "duplicate", "duplicate_of": "print"}


def test_a_copy_of_a_print_stands_for_the_version_in_every_member_order():
    for members in itertools.permutations([DOCX, PRINT, COPY]):
        assert _version_of(COPY, list(members)) == "docx"
        assert _version_of(PRINT, list(members)) == "docx"


def test_a_cycle_of_copies_ends():
    a = {"id": "a", "identity": "duplicate", "duplicate_of": "b"}
    b = {"id": "b", "identity": "duplicate", "duplicate_of": "a"}
    assert _version_of(a, [a, b]) in {"a", "b"}
