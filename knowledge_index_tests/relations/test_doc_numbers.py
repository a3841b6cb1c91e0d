"""Documents cited by their own number (a deed's roll number, an invoice's), without a database."""

from __future__ import annotations

from knowledge_index.relations import doc_numbers


def test_cited_numbers_are_deed_and_invoice_numbers_however_separated():
    assert doc_numbers.cited("recorded by the notary under UR-Nr. 233/2025 (the SPA)") == [
        "233-2025"
    ]
    assert doc_numbers.cited("goods delivered under invoices INV-22871 and INV-22904.") == [
        "INV-22871",
        "INV-22904",
    ]
    assert doc_numbers.cited("unsere Rechnung Nr. 2024-0871 vom 3. Mai") == ["2024-0871"]
    # A year, a court's file number, a register number: no document's own number.
    assert doc_numbers.cited("die Rechnung 2024 ist offen; Az. 3 O 123/24; HRB 67890") == []


def test_a_document_owns_the_number_it_is_named_or_headed_by():
    deed = doc_numbers.owned("m/UR-Nr. 233-2025 Beurkundung SPA (Scan).pdf", "UR-Nr. 233/2025 R\n")
    assert deed == {"233-2025"}
    assert doc_numbers.owned("m/Invoice INV-22871.pdf", "INVOICE\nKingsmere Ltd") == {"INV-22871"}
    # A letter that cites the number in its text does not own it.
    letter = "Kanzlei Roth\n\nSehr geehrte Damen und Herren,\n\nzu UR-Nr. 233/2025 teilen wir mit"
    assert doc_numbers.owned("m/Schreiben an Notar.docx", letter) == set()
