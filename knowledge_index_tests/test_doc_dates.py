"""A document's own date, not the dates it mentions (hand-written cases of how firms write)."""

from __future__ import annotations

import datetime as dt

import pytest

from knowledge_index.ontology.doc_dates import document_date

D = dt.date


@pytest.mark.parametrize(
    ("text", "name", "metadata", "expected"),
    [
        # A letter's date line beats the agreement it refers to.
        (
            "Kanzlei Muster\nMünchen, den 12. März 2024\n\nBetreff: Kaufvertrag vom 3. März 2022",
            "Brief.docx",
            {},
            (D(2024, 3, 12), "head"),
        ),
        # A draft stamp is the draft's date; the amended agreement's date is not.
        (
            "Entwurf 08.10.2024 – ohne Präjudiz\nVergleich zum Kaufvertrag vom 3. März 2022",
            "Vergleich.docx",
            {},
            (D(2024, 10, 8), "head"),
        ),
        # A title that amends a dated agreement, no own date: the authoring tool's property.
        (
            "Amendment No. 1 to the Licence Agreement dated 28 June 2024\nWith effect from "
            "1 January 2025 clause 1.2 is replaced.",
            "Amendment No 1.docx",
            {"created": "2024-11-05T09:00:00Z"},
            (D(2024, 11, 5), "properties"),
        ),
        # A summons is about its hearing; the court signs with place and date.
        (
            "Ladung\nTermin zur mündlichen Verhandlung:\nMittwoch, 12. Juni 2024, 09:30 Uhr\n"
            "Klagenfurt, 16. Mai 2024",
            "Ladung Tagsatzung 12.06.2024.pdf",
            {},
            (D(2024, 5, 16), "head"),
        ),
        # A register extract's birth dates are no one's document date; the file name is.
        (
            "Geschäftsführer: Weber, Hans-Peter, Ludwigsburg, *03.07.1958",
            "2024-05-27 HR-Auszug.pdf",
            {},
            (D(2024, 5, 27), "file_name"),
        ),
        # An invoice number is not a date; a deadline neither; nothing else: none.
        ("Zahlbar bis 31. August 2024.", "Rechnung 2024-1123.pdf", {}, (None, None)),
        # The signature block of a long contract.
        (
            "Vertrag\n" + "Text. " * 700 + "\nNürnberg, 21.10.2024\n_____ Gesellschaft",
            "Vertrag.pdf",
            {},
            (D(2024, 10, 21), "signature"),
        ),
        # A cover page's own "vom" line, against the same words on one line naming the lease.
        (
            "Nachtrag Nr. 1 zum Liefervertrag\n\nvom 07.10.2024\n\nzwischen A und B",
            "Nachtrag.txt",
            {},
            (D(2024, 10, 7), "head"),
        ),
        (
            "1. Nachtrag zum Gewerbemietvertrag vom 14. Mai 2024\nzwischen A und B",
            "Nachtrag.docx",
            {"created": "2024-08-20T09:00:00Z"},
            (D(2024, 8, 20), "properties"),
        ),
        # Nothing marked: the first date that is not another thing's.
        (
            "Protokoll der Sitzung\nAnwesend: alle\nBeschlossen am 9. April 2024: Budget.",
            "Protokoll.docx",
            {},
            (D(2024, 4, 9), "text"),
        ),
    ],
)
def test_document_date(
    text: str, name: str, metadata: dict[str, str], expected: tuple[dt.date | None, str | None]
) -> None:
    assert document_date(text, name, metadata) == expected
