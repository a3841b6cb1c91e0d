"""A second amendment amends the lease and the first amendment its recital names.

Both targets fit the recital's first words ("Gewerbemietvertrag"), so relate must take for each
cue the file found for that cue: before, the first amendment took the lease's cue and the lease
was left out.
"""

from __future__ import annotations

from knowledge_index_tests.relations.relate_support import (
    classified_estate,
    relate_all,
    relations,
)

MATTER = "Mandanten/Isarpark GmbH/2025-0311 Lager Garching"
LEASE = f"{MATTER}/Vertrag/Mietvertrag Lagerhalle 2019.txt"
FIRST = f"{MATTER}/Nachträge/Nachtrag Nr. 1 zum Mietvertrag.txt"
SECOND = f"{MATTER}/Nachträge/Nachtrag Nr. 2 unterschrieben.txt"
FILES = {
    LEASE: "Gewerbemietvertrag\n\nzwischen Isarpark GmbH und Lindqvist GmbH\n\n§ 1 Mietfläche"
    "\nHallen A und B.\n\nMünchen, den 16. September 2019",
    FIRST: "Nachtrag Nr. 1 zum Gewerbemietvertrag vom 16. September 2019\n\n1. Wertsicherung"
    "\nDie Miete wird jährlich angepasst.\n\nMünchen, den 1. März 2022",
    SECOND: "Nachtrag Nr. 2 zum Gewerbemietvertrag vom 16. September 2019\n\nVorbemerkung\n"
    "Die Parteien haben am 16. September 2019 einen Gewerbemietvertrag geschlossen, der durch"
    " den Nachtrag Nr. 1 vom 1. März 2022 geändert wurde.\n1. Halle C wird mitvermietet."
    "\n\nMünchen, den 30. April 2025",
}


def test_an_amendment_amends_the_lease_and_the_amendment_before_it(engine, firm_env, tmp_path):
    classified_estate(engine, tmp_path / "estate", FILES)
    relate_all(engine)
    amends = {(s, t) for s, t, r in relations(engine) if r == "amends"}
    assert amends == {(FIRST, LEASE), (SECOND, LEASE), (SECOND, FIRST)}
